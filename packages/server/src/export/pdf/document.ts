import PDFDocument from 'pdfkit';
import type { ExportPage, ExportWidget } from '../export-page.js';
import type { Figure } from '../figures.js';
import { templateColors } from '../templates.js';
import { drawPicture, pictureHeight } from './charts.js';
import { cjkFont, printable } from './font.js';
import {
  BODY_SIZE,
  FONT,
  MUTED,
  TEXT_COLOR,
  colorOf,
  contentWidth,
  keepTogether,
  paragraph,
  type Pdf,
} from './layout.js';
import { drawPageFurniture } from './page-furniture.js';
import { drawTable } from './tables.js';

const CHART_TABLE_MAX_LABELS = 24;
const HEADING_SIZE = 14;
/** What a heading keeps on its page of the block after it, when that block is text. */
const LEAD_LINES = 48;

/**
 * A PDF of a page, as the Word brief has it: the title facts, then per widget a heading, its
 * texts above and below, and its content: charts as vector pictures with their data tables,
 * numbers and rankings as tables, posts as linked entries. Header with the template's logo and
 * the project, footer with page numbers.
 */
export async function buildPdf(page: ExportPage): Promise<Buffer> {
  const font = cjkFont();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 50, right: 50 },
    bufferPages: true,
    info: { Title: `${page.projectName} - ${page.pageTitle}`, Author: page.projectName },
  });
  const done = collect(doc);
  // The typings take a file or bytes; PDFKit also takes a font fontkit has read.
  doc.registerFont(FONT, font as unknown as Buffer);
  const accent = colorOf(page.template.accent);

  doc
    .font(FONT)
    .fontSize(20)
    .fillColor(accent)
    .text(printable(`${page.projectName} · ${page.pageTitle}`), {
      width: contentWidth(doc),
      align: 'center',
    });
  doc.moveDown(0.6);
  paragraph(doc, `时间范围：${page.range}`);
  paragraph(doc, `筛选条件：${page.filters.length ? page.filters.join('；') : '无'}`);
  paragraph(doc, `生成时间：${page.madeAt}`, MUTED);
  for (const widget of page.widgets) drawWidget(doc, widget, page);

  drawPageFurniture(doc, page.projectName, page.template);
  doc.end();
  return done;
}

function collect(doc: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function drawWidget(doc: Pdf, widget: ExportWidget, page: ExportPage): void {
  doc.moveDown(0.8);
  doc.font(FONT).fontSize(HEADING_SIZE);
  const headingHeight = doc.heightOfString(widget.title, { width: contentWidth(doc) }) + 8;
  // A heading stays on the page of what it names.
  keepTogether(doc, headingHeight + (widget.topText ? LEAD_LINES : leadHeight(doc, widget.figure)));
  paragraph(doc, widget.title, colorOf(page.template.accent), HEADING_SIZE);
  if (widget.topText) paragraph(doc, widget.topText);
  drawFigure(doc, widget.figure, page);
  if (widget.footerText) paragraph(doc, widget.footerText, MUTED);
}

/** The height of a figure's first part: what a heading must not be parted from. */
function leadHeight(doc: Pdf, figure: Figure): number {
  if (figure.kind === 'chart' || figure.kind === 'picture') return pictureHeight(doc);
  return LEAD_LINES;
}

function drawFigure(doc: Pdf, figure: Figure, page: ExportPage): void {
  const accent = page.template.accent;
  switch (figure.kind) {
    case 'chart': {
      const colors = templateColors(page.template, figure.colors);
      drawPicture(doc, { kind: 'chart', chart: { ...figure, colors } });
      if (figure.labels.length <= CHART_TABLE_MAX_LABELS)
        drawTable(
          doc,
          ['类别', ...figure.series.map((series) => series.name)],
          figure.labels.map((label, i) => [
            label,
            ...figure.series.map((series) => (series.values[i] ?? 0).toLocaleString('zh-CN')),
          ]),
          accent,
        );
      return;
    }
    case 'numbers':
      return drawTable(
        doc,
        ['指标', '数值', '环比'],
        figure.items.map((item) => [item.label, item.value, item.change ?? '—']),
        accent,
      );
    case 'table':
      return drawTable(doc, figure.columns, figure.rows, accent);
    case 'posts':
      figure.posts.forEach((post, index) => {
        doc.moveDown(0.3);
        doc
          .font(FONT)
          .fontSize(BODY_SIZE + 0.5)
          .fillColor(post.url.startsWith('http') ? colorOf(accent) : TEXT_COLOR)
          .text(printable(`${index + 1}. ${post.title}`), doc.page.margins.left, doc.y, {
            width: contentWidth(doc),
            ...(post.url.startsWith('http') && { link: post.url }),
          });
        paragraph(doc, post.meta, MUTED, BODY_SIZE - 1);
        paragraph(doc, post.text);
      });
      return paragraph(doc, `共 ${figure.total} 条，此处列出 ${figure.posts.length} 条`, MUTED);
    case 'picture':
      return drawPicture(doc, figure.picture);
    case 'note':
      return paragraph(doc, figure.text || '无', MUTED);
  }
}
