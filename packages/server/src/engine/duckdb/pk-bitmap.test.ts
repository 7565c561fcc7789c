import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { encodePostings } from './grams.js';
import { PkBitmap } from './pk-bitmap.js';

const bitmapOf = (size: number, pks: number[]) => {
  const bitmap = PkBitmap.empty(size);
  for (const pk of pks) bitmap.add(pk);
  return bitmap;
};

describe('PkBitmap', () => {
  it('intersects and unites like sets', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 200 })
          .chain((size) =>
            fc.tuple(
              fc.constant(size),
              fc.uniqueArray(fc.nat(size - 1)),
              fc.uniqueArray(fc.nat(size - 1)),
            ),
          ),
        ([size, a, b]) => {
          const [left, right] = [bitmapOf(size, a), bitmapOf(size, b)];
          for (let pk = 0; pk < size; pk++) {
            expect(left.and(right).has(pk)).toBe(a.includes(pk) && b.includes(pk));
            expect(left.or(right).has(pk)).toBe(a.includes(pk) || b.includes(pk));
          }
        },
      ),
    );
  });

  it('adds a segment from its base', () => {
    const bitmap = PkBitmap.empty(300);
    bitmap.addPostings(100, encodePostings(Uint16Array.of(0, 7, 150), 200));
    expect([100, 107, 250].every((pk) => bitmap.has(pk))).toBe(true);
    expect(bitmap.has(101)).toBe(false);
  });

  it("is read by DuckDB's get_bit as the same set", async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    for (const size of [1, 7, 8, 9, 21]) {
      const pks = Array.from({ length: size }, (_, pk) => pk).filter((pk) => pk % 3 !== 1);
      const reader = await connection.runAndReadAll(
        `SELECT list(i ORDER BY i) FROM range(${size}) t(i) WHERE get_bit($1, i::INTEGER) = 1`,
        [bitmapOf(size, pks).toValue()],
      );
      expect(reader.getRowsJS()[0]![0]).toEqual(pks.map(BigInt));
    }
    connection.closeSync();
    instance.closeSync();
  });
});
