import {
  addJobAnswer,
  deckAnswer,
  EXPORTS_API,
  pdfAnswer,
  wordAnswer,
  type AddJobAnswer,
  type AddJobRequestInput,
  type DeckAnswer,
  type PageExportRequestInput,
  type PdfAnswer,
  type WordAnswer,
} from '@yuqing/core';
import { apiDownload, type DownloadAnswer } from './client';

/** `POST /customlay/dashdata`: the page as a slide deck, answered as its download address. */
export function exportDeck(body: PageExportRequestInput): Promise<DownloadAnswer<DeckAnswer>> {
  return apiDownload('/customlay/dashdata', deckAnswer, { body });
}

/** `POST /api/r11zt/jdata`: the page as a Word document, answered as its download address. */
export function exportWord(body: PageExportRequestInput): Promise<DownloadAnswer<WordAnswer>> {
  return apiDownload('/api/r11zt/jdata', wordAnswer, { body });
}

/** `POST /export/pdf`: the page as a PDF, answered as its download address. */
export function exportPdf(body: PageExportRequestInput): Promise<DownloadAnswer<PdfAnswer>> {
  return apiDownload(EXPORTS_API.pdf, pdfAnswer, { body });
}

/**
 * `POST /download/addJob`: the page's posts as a spreadsheet. Up to the offline threshold the
 * answer is the file; beyond it an offline job is queued and the answer says so.
 */
export function addDownloadJob(body: AddJobRequestInput): Promise<DownloadAnswer<AddJobAnswer>> {
  return apiDownload('/download/addJob', addJobAnswer, { body, messageType: 'info' });
}
