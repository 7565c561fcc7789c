import type { DownloadedFile } from '../api/client';

/** How long an object URL outlives the click that started its download. */
const REVOKE_AFTER_MS = 10_000;

/** Has the browser download `href`, a same-origin file address or an object URL. */
export function followDownload(href: string, filename = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a file the server answered in the body of a call. */
export function saveFile({ file, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(file);
  followDownload(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
