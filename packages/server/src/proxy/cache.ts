import { createHash, randomBytes } from 'node:crypto';
import {
  mkdir,
  readFile,
  readdir,
  rename,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';

export interface CachedImage {
  contentType: string;
  body: Buffer;
  storedAt: number;
}

interface Entry {
  size: number;
}

const KEY = /^[0-9a-f]{64}$/;

/** The cache key of a URI: the hex SHA-256 of its text. */
export const cacheKey = (uri: string) => createHash('sha256').update(uri).digest('hex');

/**
 * Proxied images on disk, one file per URI named by its SHA-256: a JSON header line (content type,
 * URI, when stored) and the bytes. The total size is bounded; the least recently used files go
 * first. Use order lives in memory and in each file's modification time, so it survives restarts.
 */
export class ImageCache {
  /** Keys from least to most recently used (a Map keeps insertion order). */
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private opened?: Promise<void>;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Bytes held now, headers included. */
  get size(): number {
    return this.total;
  }

  async get(uri: string): Promise<CachedImage | undefined> {
    await this.open();
    const key = cacheKey(uri);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    let file: Buffer;
    try {
      file = await readFile(join(this.dir, key));
    } catch {
      this.forget(key);
      return undefined;
    }
    const newline = file.indexOf(0x0a);
    const header = parseHeader(file.subarray(0, Math.max(newline, 0)).toString('utf8'));
    if (newline < 0 || !header || header.uri !== uri) {
      await this.remove(key);
      return undefined;
    }
    this.touch(key, entry);
    const now = new Date();
    await utimes(join(this.dir, key), now, now).catch(() => undefined);
    return {
      contentType: header.type,
      body: file.subarray(newline + 1),
      storedAt: header.storedAt,
    };
  }

  async put(uri: string, contentType: string, body: Buffer): Promise<void> {
    await this.open();
    const key = cacheKey(uri);
    const header = Buffer.from(
      `${JSON.stringify({ type: contentType, uri, storedAt: Date.now() })}\n`,
    );
    const size = header.length + body.length;
    if (size > this.maxBytes) return;
    const temporary = join(this.dir, `${key}.tmp-${randomBytes(4).toString('hex')}`);
    await writeFile(temporary, Buffer.concat([header, body]));
    await rename(temporary, join(this.dir, key));
    this.forget(key);
    this.entries.set(key, { size });
    this.total += size;
    await this.evict();
  }

  /** Reads what an earlier run left, oldest use first; removes interrupted writes. */
  private open(): Promise<void> {
    this.opened ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const found: { key: string; size: number; usedAt: number }[] = [];
      for (const name of await readdir(this.dir)) {
        const path = join(this.dir, name);
        if (!KEY.test(name)) {
          if (name.includes('.tmp-')) await unlink(path).catch(() => undefined);
          continue;
        }
        const info = await stat(path).catch(() => undefined);
        if (info?.isFile()) found.push({ key: name, size: info.size, usedAt: info.mtimeMs });
      }
      found.sort((a, b) => a.usedAt - b.usedAt);
      for (const { key, size } of found) {
        this.entries.set(key, { size });
        this.total += size;
      }
      await this.evict();
    })();
    return this.opened;
  }

  private touch(key: string, entry: Entry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  private async remove(key: string) {
    this.forget(key);
    await unlink(join(this.dir, key)).catch(() => undefined);
  }

  private async evict() {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes) break;
      await this.remove(key);
    }
  }
}

function parseHeader(text: string): { type: string; uri: string; storedAt: number } | undefined {
  try {
    const value = JSON.parse(text) as { type?: unknown; uri?: unknown; storedAt?: unknown };
    if (typeof value.type !== 'string' || typeof value.uri !== 'string') return undefined;
    return { type: value.type, uri: value.uri, storedAt: Number(value.storedAt) || 0 };
  } catch {
    return undefined;
  }
}
