import type { DocumentFormat } from '@yuqing/core';
import { ThreadCalls } from '../jobs/thread-calls.js';
import { buildBrief } from './brief.js';
import { buildDeck } from './deck.js';
import type { ExportPage } from './export-page.js';
import { buildPdf } from './pdf/document.js';

/** The builder of each document format, from a page as every format draws it. */
export const DOCUMENT_BUILDERS: Record<DocumentFormat, (page: ExportPage) => Promise<Buffer>> = {
  pptx: buildDeck,
  docx: buildBrief,
  pdf: buildPdf,
};

export interface DocumentCall {
  format: DocumentFormat;
  page: ExportPage;
}

/**
 * The thread documents are drawn in: a 12-widget deck or PDF holds a thread for a few hundred
 * milliseconds, which a page or a scheduled report's send must not take from everyone's calls.
 * Kept ten minutes after its last call, its fonts loaded.
 */
const documentThread = new ThreadCalls<DocumentCall, Uint8Array>(
  new URL('./document-thread.ts', import.meta.url),
  { timeoutMs: 120_000, timeoutMessage: '生成文件超时', maxHeapMb: 1024, idleMs: 600_000 },
);

/** A deck, Word brief or PDF of an assembled page, drawn in the document thread. */
export async function buildDocument(format: DocumentFormat, page: ExportPage): Promise<Buffer> {
  const bytes = await documentThread.call({ format, page });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
