import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PART = '.part';

/**
 * Export files under DATA_DIR/downloads (a temporary folder for an in-memory store). A file is
 * written under a `.part` name and renamed when complete, so a listed file is never half-written;
 * parts an interrupted process left behind are deleted at start.
 */
export class ExportFiles {
  readonly dir: string;
  /** A folder of its own for an in-memory store, deleted on close. */
  private readonly temporary: boolean;

  constructor(dataDir: string) {
    this.temporary = dataDir === 'memory://';
    if (this.temporary) {
      this.dir = mkdtempSync(join(tmpdir(), 'yuqing-downloads-'));
    } else {
      this.dir = join(dataDir, 'downloads');
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    }
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.dir, { recursive: true, force: true });
  }

  /** Deletes the parts of files an earlier process did not finish. */
  async removeParts(): Promise<void> {
    for (const name of await readdir(this.dir)) {
      if (name.endsWith(PART)) await rm(join(this.dir, name), { force: true });
    }
  }

  /** A fresh path to write a file under before it is complete. */
  partPath(): string {
    return join(this.dir, `${randomUUID()}${PART}`);
  }

  /** Moves a written part to its final name; answers the file's name and size. */
  async complete(part: string, file: string): Promise<{ file: string; size: number }> {
    const path = this.pathOf(file);
    await rename(part, path);
    return { file, size: (await stat(path)).size };
  }

  async write(file: string, data: Buffer): Promise<{ file: string; size: number }> {
    const part = this.partPath();
    await writeFile(part, data, { mode: 0o600 });
    return this.complete(part, file);
  }

  pathOf(file: string): string {
    if (file.includes('/') || file.includes('\\')) throw new Error(`bad export file ${file}`);
    return join(this.dir, file);
  }

  /** Deletes a part that will not be completed. */
  async discard(part: string): Promise<void> {
    await rm(part, { force: true });
  }

  async remove(file: string | null): Promise<void> {
    if (file) await rm(this.pathOf(file), { force: true });
  }
}

const CONTENT_TYPES = {
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export const contentTypeOf = (format: keyof typeof CONTENT_TYPES) => CONTENT_TYPES[format];

/** `attachment` with the name in UTF-8 (RFC 6266), and an ASCII fallback for old clients. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
