import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { ExportPage, ExportWidget } from './export-page.js';
import type { Figure, Picture } from './figures.js';
import { renderPicture } from './pictures.js';
import { fitLogo, type TemplateLogo } from './template-master.js';
import { templateColors } from './templates.js';

const FONT = 'Microsoft YaHei';
const MUTED = '86909C';
/** Picture size in CSS pixels; placed at this size in points-ish units docx takes as pixels. */
const PICTURE = { width: 620, height: 320 };
const CHART_TABLE_MAX_LABELS = 24;
/** The box a template's logo fits in, in the header (pixels). */
const HEADER_LOGO = { w: 120, h: 32 };

/** A template's logo as a header picture, followed by a space before the project's name. */
function headerLogo(logo: TemplateLogo): ImageRun {
  const { w, h } = fitLogo(logo, HEADER_LOGO);
  return new ImageRun({
    type: logo.type === 'image/png' ? 'png' : 'jpg',
    data: logo.data,
    transformation: { width: Math.round(w), height: Math.round(h) },
  });
}

/**
 * A Word brief of a page: the title facts, then per widget a heading, its texts above and below,
 * and its content: charts as pictures with their data tables, numbers and rankings as tables,
 * posts as linked entries. Header with the template's logo and the project, footer with page
 * numbers.
 */
export async function buildBrief(page: ExportPage): Promise<Buffer> {
  const accent = page.template.accent;
  const children: (Paragraph | Table)[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: `${page.projectName} · ${page.pageTitle}`, color: accent })],
    }),
    line(`时间范围：${page.range}`),
    line(`筛选条件：${page.filters.length ? page.filters.join('；') : '无'}`),
    line(`生成时间：${page.madeAt}`, MUTED),
  ];
  for (const widget of page.widgets) children.push(...widgetBlock(widget, page));

  const document = new Document({
    creator: page.projectName,
    title: `${page.projectName} - ${page.pageTitle}`,
    styles: {
      default: { document: { run: { font: FONT, size: 21 } } },
      paragraphStyles: [
        {
          id: 'Heading2',
          name: 'Heading 2',
          basedOn: 'Normal',
          next: 'Normal',
          run: { size: 28, bold: true, color: accent },
          paragraph: { spacing: { before: 360, after: 160 } },
        },
      ],
    },
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  ...(page.template.logoImage ? [headerLogo(page.template.logoImage)] : []),
                  new TextRun({
                    text: `${page.template.logoImage ? '  ' : ''}${page.projectName}`,
                    color: MUTED,
                    size: 18,
                  }),
                ],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    size: 18,
                    color: MUTED,
                    children: [
                      '第 ',
                      PageNumber.CURRENT,
                      ' 页，共 ',
                      PageNumber.TOTAL_PAGES,
                      ' 页',
                    ],
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

function line(text: string, color?: string) {
  return new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text, color })] });
}

function widgetBlock(widget: ExportWidget, page: ExportPage): (Paragraph | Table)[] {
  const blocks: (Paragraph | Table)[] = [
    // A heading stays on the page of what it names.
    new Paragraph({ heading: HeadingLevel.HEADING_2, text: widget.title, keepNext: true }),
  ];
  if (widget.topText) blocks.push(line(widget.topText));
  blocks.push(...figureBlocks(widget.figure, page));
  if (widget.footerText) blocks.push(line(widget.footerText, MUTED));
  return blocks;
}

function figureBlocks(figure: Figure, page: ExportPage): (Paragraph | Table)[] {
  switch (figure.kind) {
    case 'chart': {
      const colors = templateColors(page.template, figure.colors);
      const blocks: (Paragraph | Table)[] = [
        picture({ kind: 'chart', chart: { ...figure, colors } }),
      ];
      if (figure.labels.length <= CHART_TABLE_MAX_LABELS)
        blocks.push(
          table(
            ['类别', ...figure.series.map((series) => series.name)],
            figure.labels.map((label, i) => [
              label,
              ...figure.series.map((series) => (series.values[i] ?? 0).toLocaleString('zh-CN')),
            ]),
            page.template.accent,
          ),
        );
      return blocks;
    }
    case 'numbers':
      return [
        table(
          ['指标', '数值', '环比'],
          figure.items.map((item) => [item.label, item.value, item.change ?? '—']),
          page.template.accent,
        ),
      ];
    case 'table':
      return [table(figure.columns, figure.rows, page.template.accent)];
    case 'posts':
      return [
        ...figure.posts.flatMap((post, index) => [
          new Paragraph({
            spacing: { before: 120 },
            children: [
              new TextRun({ text: `${index + 1}. `, bold: true }),
              post.url.startsWith('http')
                ? new ExternalHyperlink({
                    link: post.url,
                    children: [new TextRun({ text: post.title, bold: true, style: 'Hyperlink' })],
                  })
                : new TextRun({ text: post.title, bold: true }),
            ],
          }),
          line(post.meta, MUTED),
          line(post.text),
        ]),
        line(`共 ${figure.total} 条，此处列出 ${figure.posts.length} 条`, MUTED),
      ];
    case 'picture':
      return [picture(figure.picture)];
    case 'note':
      return [line(figure.text || '无', MUTED)];
  }
}

function picture(value: Picture) {
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    children: [
      new ImageRun({
        type: 'png',
        data: renderPicture(value, PICTURE.width, PICTURE.height),
        transformation: PICTURE,
      }),
    ],
  });
}

const BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'D9D9D9' };

function table(columns: string[], rows: string[][], accent: string) {
  const cell = (text: string, header: boolean) =>
    new TableCell({
      borders: { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER },
      shading: header ? { type: ShadingType.CLEAR, color: 'auto', fill: accent } : undefined,
      margins: { top: 40, bottom: 40, left: 80, right: 80 },
      children: [
        new Paragraph({
          children: [
            new TextRun({ text, bold: header, color: header ? 'FFFFFF' : undefined, size: 19 }),
          ],
        }),
      ],
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: columns.map((text) => cell(text, true)) }),
      ...rows.map((row) => new TableRow({ children: row.map((text) => cell(text, false)) })),
    ],
  });
}
