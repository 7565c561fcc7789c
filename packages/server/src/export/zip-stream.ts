import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** A zip entry being written: `end` completes it, `abandon` gives it up with the file. */
export interface StreamedEntry {
  write(data: Buffer): Promise<void>;
  end(): Promise<void>;
  abandon(): void;
}

/**
 * A zip file written as it goes, for large entries among small ones: Node's own deflate (in
 * 1 MB chunks) and CRC-32. yazl, exceljs's archiver and fflate all compute the checksum in
 * JavaScript and pass data on in 16 KB steps, which held an xlsx of posts to 8,000-13,000 rows a
 * second here; this is the part of the zip format a spreadsheet needs (no ZIP64: an entry
 * stops at 4 GB).
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: {
    name: Buffer;
    crc: number;
    compressed: number;
    size: number;
    offset: number;
  }[] = [];

  constructor(private readonly out: WriteStream) {}

  private async put(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  /** A local header whose sizes and checksum follow the data (general purpose bit 3). */
  private header(name: Buffer): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // sizes after the data; names in UTF-8
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, name]);
  }

  private async descriptor(crc: number, compressed: number, size: number) {
    if (compressed > 0xffffffff || size > 0xffffffff) throw new Error('zip entry over 4 GB');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.put(descriptor);
  }

  async addBuffer(path: string, data: Buffer): Promise<void> {
    const name = Buffer.from(path);
    const start = this.offset;
    await this.put(this.header(name));
    const compressed = deflateRawSync(data);
    await this.put(compressed);
    const crc = crc32(data);
    await this.descriptor(crc, compressed.length, data.length);
    this.entries.push({
      name,
      crc,
      compressed: compressed.length,
      size: data.length,
      offset: start,
    });
  }

  /** An entry written in pieces: each write waits while the file catches up. */
  async startEntry(path: string): Promise<StreamedEntry> {
    const name = Buffer.from(path);
    const offset = this.offset;
    await this.put(this.header(name));
    const deflate = createDeflateRaw({ level: 1, chunkSize: 1 << 20 });
    let compressed = 0;
    const drained = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        compressed += chunk.length;
        await this.put(chunk);
      }
    })();
    // Awaited by end(); an entry given up fails it, which no one is left to hear.
    drained.catch(() => {});
    let crc = 0;
    let size = 0;
    return {
      write: async (data) => {
        crc = crc32(data, crc);
        size += data.length;
        if (!deflate.write(data)) await once(deflate, 'drain');
      },
      end: async () => {
        deflate.end();
        await drained;
        await this.descriptor(crc, compressed, size);
        this.entries.push({ name, crc, compressed, size, offset });
      },
      abandon: () => deflate.destroy(),
    };
  }

  /** The central directory; the file is complete once `out` closes. */
  async end(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.put(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
    this.out.end();
    await once(this.out, 'close');
  }
}
