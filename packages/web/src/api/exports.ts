import {
  EXPORT_CALLS,
  type AddJobAnswer,
  type AddJobRequestInput,
  type DeckAnswer,
  type PageExportRequestInput,
  type PdfAnswer,
  type WordAnswer,
} from '@yuqing/core';
import { callDownload } from './call';
import type { DownloadAnswer } from './client';

/** `POST /customlay/dashdata`: the page as a slide deck, answered as its download address. */
export function exportDeck(body: PageExportRequestInput): Promise<DownloadAnswer<DeckAnswer>> {
  return callDownload(EXPORT_CALLS.deck, { body });
}

/** `POST /api/r11zt/jdata`: the page as a Word document, answered as its download address. */
export function exportWord(body: PageExportRequestInput): Promise<DownloadAnswer<WordAnswer>> {
  return callDownload(EXPORT_CALLS.word, { body });
}

/** `POST /export/pdf`: the page as a PDF, answered as its download address. */
export function exportPdf(body: PageExportRequestInput): Promise<DownloadAnswer<PdfAnswer>> {
  return callDownload(EXPORT_CALLS.pdf, { body });
}

/**
 * `POST /download/addJob`: the page's posts as a spreadsheet. Up to the offline threshold the
 * answer is the file; beyond it an offline job is queued and the answer says so.
 */
export function addDownloadJob(body: AddJobRequestInput): Promise<DownloadAnswer<AddJobAnswer>> {
  return callDownload(EXPORT_CALLS.addJob, { body }, { messageType: 'info' });
}
