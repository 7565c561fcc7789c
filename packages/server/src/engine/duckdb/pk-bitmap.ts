import { DuckDBBitValue } from '@duckdb/node-api';
import { decodePostings } from './grams.js';

/**
 * A set of the pks below `size`, kept in DuckDB's BIT layout so that it binds as a parameter
 * without conversion: a byte counting the padding bits, then the bits from the most significant
 * bit of each byte, the padding first and set to 1. SQL tests a pk with `get_bit`.
 */
export class PkBitmap {
  private constructor(
    readonly size: number,
    private readonly data: Uint8Array,
  ) {}

  static empty(size: number): PkBitmap {
    const padding = (8 - (size % 8)) % 8;
    const data = new Uint8Array(1 + Math.ceil(size / 8));
    data[0] = padding;
    if (data.length > 1) data[1] = (0xff << (8 - padding)) & 0xff;
    return new PkBitmap(size, data);
  }

  private get padding(): number {
    return this.data[0]!;
  }

  add(pk: number): void {
    const offset = pk + this.padding;
    this.data[1 + (offset >> 3)]! |= 0x80 >> (offset & 7);
  }

  has(pk: number): boolean {
    const offset = pk + this.padding;
    return (this.data[1 + (offset >> 3)]! & (0x80 >> (offset & 7))) !== 0;
  }

  /** Adds the posts of a segment's postings blob (see grams.ts) whose pks start at `base`. */
  addPostings(base: number, blob: Uint8Array): void {
    decodePostings(blob, (place) => {
      if (base + place < this.size) this.add(base + place);
    });
  }

  and(other: PkBitmap): PkBitmap {
    const data = this.data.slice();
    for (let i = 1; i < data.length; i++) data[i]! &= other.data[i]!;
    return new PkBitmap(this.size, data);
  }

  or(other: PkBitmap): PkBitmap {
    const data = this.data.slice();
    for (let i = 1; i < data.length; i++) data[i]! |= other.data[i]!;
    return new PkBitmap(this.size, data);
  }

  toValue(): DuckDBBitValue {
    return new DuckDBBitValue(this.data);
  }
}
