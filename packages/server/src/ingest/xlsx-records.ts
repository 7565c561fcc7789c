import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ThreadCalls } from '../jobs/thread-calls.js';
import { MalformedInput, type InputChunk } from './read-records.js';
import type { XlsxCall, XlsxRows } from './xlsx-thread.js';

const xlsxThread = new ThreadCalls<XlsxCall, XlsxRows | null>(
  new URL('./xlsx-thread.ts', import.meta.url),
  {
    timeoutMs: 120_000,
    timeoutMessage: 'xlsx: 文件处理超时，请另存为 CSV 后再导入',
    maxHeapMb: 1024,
    idleMs: 60_000,
  },
);

async function call(request: XlsxCall): Promise<XlsxRows | null> {
  try {
    return await xlsxThread.call(request);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.startsWith('xlsx')) throw new MalformedInput(message);
    throw new MalformedInput(`xlsx: 文件无法读取，不是有效的 xlsx 文件或已损坏（${message}）`);
  }
}

/**
 * An uploaded xlsx in chunks of at most `size` rows. A zip's directory is at its end, so the
 * upload is written to a temporary file first; a thread of its own reads it (see xlsx-thread).
 */
export async function* xlsxChunks(input: Readable, size: number): AsyncGenerator<InputChunk> {
  const dir = await mkdtemp(join(tmpdir(), 'yuqing-xlsx-'));
  const path = join(dir, 'upload.xlsx');
  try {
    await pipeline(input, createWriteStream(path));
    await call({ op: 'open', path });
    for (;;) {
      const rows = (await call({ op: 'next', path, size }))!;
      if (rows.records.length > 0) yield { kind: 'records', records: rows.records };
      if (rows.done) return;
    }
  } finally {
    await xlsxThread.call({ op: 'close', path }).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}
