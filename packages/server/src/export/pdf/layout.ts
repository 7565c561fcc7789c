import type PDFDocument from 'pdfkit';
import { printable } from './font.js';

export type Pdf = InstanceType<typeof PDFDocument>;

/** The name the CJK font is registered under in every PDF. */
export const FONT = 'cjk';
export const TEXT_COLOR = '#1D2129';
export const MUTED = '#86909C';
export const BODY_SIZE = 10.5;

/** A template colour (`2E57E4`) as PDFKit takes it. */
export const colorOf = (hex: string) => (hex.startsWith('#') ? hex : `#${hex}`);

/** Width of the text column between the margins. */
export const contentWidth = (doc: Pdf) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a new page unless `height` still fits on this one (a fresh page takes what it can). */
export function keepTogether(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.maxY() && doc.y > doc.page.margins.top) doc.addPage();
}

/** A paragraph at the left margin. */
export function paragraph(doc: Pdf, text: string, color = TEXT_COLOR, size = BODY_SIZE): void {
  doc
    .font(FONT)
    .fontSize(size)
    .fillColor(color)
    .text(printable(text), doc.page.margins.left, doc.y, { width: contentWidth(doc), lineGap: 2 });
  doc.moveDown(0.3);
}
