import SVGtoPDF from 'svg-to-pdfkit';
import type { Picture } from '../figures.js';
import { pictureSvg } from '../pictures.js';
import { FONT, contentWidth, keepTogether, type Pdf } from './layout.js';

/** The size pictures are laid out at (CSS pixels, as in the Word brief), scaled to the column. */
const DRAWN = { width: 620, height: 320 };

/** Height a picture takes in the text column. */
export const pictureHeight = (doc: Pdf) => (contentWidth(doc) * DRAWN.height) / DRAWN.width;

/**
 * A chart or other picture as vector drawing (ECharts' SVG), across the text column and never
 * split: it starts a new page when it does not fit. Its text is set in the CJK font.
 */
export function drawPicture(doc: Pdf, picture: Picture): void {
  const width = contentWidth(doc);
  const height = pictureHeight(doc);
  keepTogether(doc, height);
  const y = doc.y;
  // The typings take the PDFDocument class where the function takes a document.
  SVGtoPDF(
    doc as unknown as Parameters<typeof SVGtoPDF>[0],
    pictureSvg(picture, DRAWN.width, DRAWN.height),
    doc.page.margins.left,
    y,
    { width, height, fontCallback: () => FONT },
  );
  doc.x = doc.page.margins.left;
  doc.y = y + height;
  doc.moveDown(0.6);
}
