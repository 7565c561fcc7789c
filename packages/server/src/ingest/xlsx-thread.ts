import { answerCalls } from '../jobs/thread-calls.js';
import type { InputRecord } from './read-records.js';
import { xlsxPostRows } from './xlsx-rows.js';

/**
 * A call of the xlsx thread (see `xlsxRecords`): open a spooled upload, take its next rows, or
 * close it. Unzipping and parsing SpreadsheetML stay off the server's thread, in a heap of their
 * own, so a file that inflates to gigabytes ends this thread, not the server.
 */
export type XlsxCall =
  | { op: 'open'; path: string }
  | { op: 'next'; path: string; size: number }
  | { op: 'close'; path: string };
export interface XlsxRows {
  records: InputRecord[];
  done: boolean;
}

const open = new Map<string, AsyncGenerator<InputRecord>>();

answerCalls(async (call: XlsxCall): Promise<XlsxRows | null> => {
  if (call.op === 'open') {
    open.set(call.path, xlsxPostRows(call.path));
    return null;
  }
  const rows = open.get(call.path);
  if (call.op === 'close' || !rows) {
    open.delete(call.path);
    await rows?.return(undefined);
    return null;
  }
  const records: InputRecord[] = [];
  while (records.length < call.size) {
    const next = await rows.next();
    if (next.done) {
      open.delete(call.path);
      return { records, done: true };
    }
    records.push(next.value);
  }
  return { records, done: false };
});
