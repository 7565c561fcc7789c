import {
  EXPORT_MESSAGES,
  type Chart,
  type DownloadKind,
  type PageExportRequestInput,
} from '@yuqing/core';
import type { DownloadAnswer } from '../api/client';
import { addDownloadJob, exportDeck, exportPdf, exportWord } from '../api/exports';
import { notify } from '../api/notify';
import { postWidgetOf } from './exportRules';
import { followDownload, saveFile } from './saveFile';

/** Saves the file answered, or follows the address the answer names. */
function deliver<T>(answer: DownloadAnswer<T>, addressOf: (data: T) => string): void {
  if ('file' in answer) saveFile(answer);
  else followDownload(addressOf(answer.data));
}

/**
 * Exports the page as `kind` (spec 7): a slide deck, a Word document or a PDF is made and then fetched
 * from the address answered; an Excel download is the file itself, or an offline job when the
 * posts are too many. Failures have been shown by the API client when this rejects.
 */
export async function runPageExport(
  kind: DownloadKind,
  request: PageExportRequestInput,
  charts: readonly Chart[],
): Promise<void> {
  switch (kind) {
    case 'download_ppt':
      return deliver(await exportDeck(request), (deck) => deck.downloadUrl);
    case 'download_word':
      return deliver(await exportWord(request), (word) => word.url);
    case 'download_pdf':
      return deliver(await exportPdf(request), (pdf) => pdf.url);
    case 'download_excel': {
      const widget = postWidgetOf(charts)?.i;
      const answer = await addDownloadJob({ ...request, format: 'xlsx', widget });
      if ('file' in answer) saveFile(answer);
      else if (answer.data.suc) notify(answer.data.msg, 'info');
      else notify(answer.data.msg || EXPORT_MESSAGES.failed, 'error');
    }
  }
}
