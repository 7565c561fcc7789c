import type { DrawnTemplate } from '../templates.js';
import { printable } from './font.js';
import { FONT, MUTED, contentWidth, type Pdf } from './layout.js';

const SIZE = 8;
/** The box a template's logo fits in, in the header (points). */
const HEADER_LOGO: [number, number] = [90, 24];

/**
 * The header (the template's logo and the project) and the footer (第 N 页，共 M 页) of every
 * page, drawn once all pages exist so the count is known. Needs a document with `bufferPages`.
 */
export function drawPageFurniture(doc: Pdf, owner: string, template: DrawnTemplate): void {
  const projectName = printable(owner);
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const { margins } = doc.page;
    const bottom = margins.bottom;
    // Text below the bottom margin would otherwise start a page of its own.
    margins.bottom = 0;
    const width = contentWidth(doc);
    const headerY = margins.top / 2 - SIZE / 2;
    doc.font(FONT).fontSize(SIZE).fillColor(MUTED);
    const nameWidth = doc.widthOfString(projectName);
    doc.text(projectName, margins.left, headerY, { width, align: 'right', lineBreak: false });
    if (template.logoImage) {
      const [w, h] = HEADER_LOGO;
      doc.image(template.logoImage.data, margins.left + width - nameWidth - 8 - w, headerY - 8, {
        fit: [w, h],
        align: 'right',
        valign: 'center',
      });
    }
    doc.text(
      `第 ${index - start + 1} 页，共 ${count} 页`,
      margins.left,
      doc.page.height - bottom / 2 - SIZE / 2,
      { width, align: 'center', lineBreak: false },
    );
    margins.bottom = bottom;
  }
}
