import PptxGenJS from 'pptxgenjs';
import type { ChartFigure, Figure, FigurePost, NumberItem } from './figures.js';
import type { ExportPage } from './export-page.js';
import { renderPicture } from './pictures.js';
import { fitLogo, type TemplateLogo } from './template-master.js';
import { templateColors } from './templates.js';

/** 16:9 in inches. */
const WIDTH = 13.333;
const BODY = { x: 0.5, y: 1.05, w: 12.333, h: 5.75 };
const FONT = 'Microsoft YaHei';
const TEXT = '1D2129';
const MUTED = '86909C';
const MASTER = 'YUQING';
/** Posts listed on one slide; the rest are counted. */
const POSTS_PER_SLIDE = 6;
/** Picture size in CSS pixels (drawn at twice that). */
const PICTURE = { width: 1040, height: 485 };
/** The boxes a template's logo fits in: large on the title slide, small on the others. */
const TITLE_LOGO = { w: 2.4, h: 1 };
const SLIDE_LOGO = { w: 1.4, h: 0.5 };

/** A logo fitted in a box at the slide's top right, `margin` from its edges. */
function logoImage(logo: TemplateLogo, box: { w: number; h: number }, margin: number) {
  const { w, h } = fitLogo(logo, box);
  return {
    data: `${logo.type};base64,${logo.data.toString('base64')}`,
    x: WIDTH - margin - w,
    y: margin + (box.h - h) / 2,
    w,
    h,
  };
}

/**
 * A slide deck of a page: a title slide stating the project, page, range and filters, then one
 * slide per widget in grid order. Charts are native, editable PowerPoint charts (each embeds its
 * data sheet); statistics are number cards, tables and pivots native tables, posts linked text,
 * word clouds, maps, heat maps and trees pictures drawn on the server.
 */
export async function buildDeck(page: ExportPage): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = `${page.projectName} - ${page.pageTitle}`;
  pptx.company = page.projectName;
  pptx.theme = { headFontFace: FONT, bodyFontFace: FONT };
  const { accent, background, logoImage: logo } = page.template;
  pptx.defineSlideMaster({
    title: MASTER,
    background: { color: background },
    objects: [
      { rect: { x: 0, y: 0, w: WIDTH, h: 0.12, fill: { color: accent } } },
      ...(logo ? [{ image: logoImage(logo, SLIDE_LOGO, 0.25) }] : []),
      {
        text: {
          text: `${page.projectName} · ${page.pageTitle} · ${page.range}`,
          options: { x: 0.5, y: 7.05, w: 10, h: 0.3, fontSize: 9, color: MUTED, fontFace: FONT },
        },
      },
    ],
    slideNumber: { x: 12.3, y: 7.05, w: 0.6, h: 0.3, fontSize: 9, color: MUTED, fontFace: FONT },
  });

  titleSlide(pptx, page);
  for (const widget of page.widgets) {
    const slide = pptx.addSlide({ masterName: MASTER });
    slide.addText(widget.title, {
      x: 0.5,
      y: 0.3,
      // Short of the logo, when there is one.
      w: logo ? 12.3 - SLIDE_LOGO.w - 0.2 : 12.3,
      h: 0.6,
      fontSize: 22,
      bold: true,
      color: accent,
      fontFace: FONT,
    });
    figureSlide(pptx, slide, widget.figure, page);
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

function titleSlide(pptx: PptxGenJS, page: ExportPage) {
  const slide = pptx.addSlide();
  slide.background = { color: page.template.background };
  slide.addShape('rect', { x: 0, y: 0, w: 0.35, h: 7.5, fill: { color: page.template.accent } });
  const logo = page.template.logoImage;
  if (logo) slide.addImage(logoImage(logo, TITLE_LOGO, 0.4));
  const text = (
    value: string,
    y: number,
    h: number,
    fontSize: number,
    color = TEXT,
    bold = false,
  ) => slide.addText(value, { x: 1, y, w: 11.5, h, fontSize, color, bold, fontFace: FONT });
  text(page.projectName, 1.5, 0.9, 36, page.template.accent, true);
  text(page.pageTitle, 2.4, 0.7, 24);
  text(`时间范围：${page.range}`, 3.3, 0.45, 16, '4E5969');
  const filters = page.filters.length ? page.filters : ['筛选条件：无'];
  slide.addText(
    filters.map((line) => ({ text: line, options: { breakLine: true } })),
    { x: 1, y: 3.8, w: 11.5, h: 2.2, fontSize: 13, color: '4E5969', fontFace: FONT, valign: 'top' },
  );
  text(`生成时间：${page.madeAt}`, 6.5, 0.4, 11, MUTED);
}

function figureSlide(pptx: PptxGenJS, slide: PptxGenJS.Slide, figure: Figure, page: ExportPage) {
  switch (figure.kind) {
    case 'chart':
      return chartOn(pptx, slide, figure, page);
    case 'numbers':
      return numbersOn(slide, figure.items, page.template.accent);
    case 'table':
      return slide.addTable(
        [
          figure.columns.map((text) => ({
            text,
            options: { bold: true, color: 'FFFFFF', fill: { color: page.template.accent } },
          })),
          ...figure.rows.map((row) => row.map((text) => ({ text }))),
        ],
        {
          ...BODY,
          h: undefined,
          fontSize: figure.rows.length > 12 ? 10 : 12,
          fontFace: FONT,
          color: TEXT,
          border: { type: 'solid', pt: 0.5, color: 'D9D9D9' },
          rowH: figure.rows.length > 12 ? 0.25 : 0.34,
          valign: 'middle',
        },
      );
    case 'posts':
      return postsOn(slide, figure.posts, figure.total, page.template.accent);
    case 'picture': {
      const png = renderPicture(figure.picture, PICTURE.width, PICTURE.height);
      return slide.addImage({ data: `image/png;base64,${png.toString('base64')}`, ...BODY });
    }
    case 'note':
      return slide.addText(figure.text || '无', {
        ...BODY,
        fontSize: 16,
        color: MUTED,
        align: 'center',
        valign: 'middle',
        fontFace: FONT,
      });
  }
}

const CHART_TYPES = {
  bar: 'bar',
  line: 'line',
  area: 'area',
  pie: 'pie',
  doughnut: 'doughnut',
} as const;

function chartOn(pptx: PptxGenJS, slide: PptxGenJS.Slide, figure: ChartFigure, page: ExportPage) {
  const round = figure.chart === 'pie' || figure.chart === 'doughnut';
  const data = figure.series.map((series) => ({
    name: series.name,
    labels: figure.labels,
    values: series.values,
  }));
  const few = figure.labels.length <= 12;
  slide.addChart(pptx.ChartType[CHART_TYPES[figure.chart]], data, {
    ...BODY,
    chartColors: templateColors(page.template, figure.colors),
    barDir: figure.horizontal ? 'bar' : 'col',
    barGrouping: figure.stacked ? 'stacked' : 'clustered',
    barGapWidthPct: 60,
    catAxisLabelFontSize: 10,
    catAxisLabelFontFace: FONT,
    valAxisLabelFontSize: 10,
    valAxisLabelFontFace: FONT,
    // Top category first on horizontal bars; pptxgenjs's types name only 'minMax'.
    ...(figure.horizontal ? { catAxisOrientation: 'maxMin' as 'minMax' } : {}),
    valGridLine: { color: 'E5E6EB', size: 0.5 },
    lineSize: 2,
    lineDataSymbol: figure.labels.length > 31 ? 'none' : 'circle',
    lineDataSymbolSize: 5,
    showLegend: round || (figure.showLegend && figure.series.length > 1),
    legendPos: round ? 'r' : 'b',
    legendFontSize: 11,
    legendFontFace: FONT,
    showValue: !round && few && figure.series.length === 1 && figure.chart === 'bar',
    showPercent: round,
    dataLabelFontSize: 9,
    dataLabelColor: round ? 'FFFFFF' : TEXT,
    holeSize: 55,
  });
}

function numbersOn(slide: PptxGenJS.Slide, items: NumberItem[], accent: string) {
  const perRow = Math.min(4, Math.max(1, items.length));
  const gap = 0.3;
  const w = (BODY.w - gap * (perRow - 1)) / perRow;
  const h = 1.7;
  items.forEach((item, index) => {
    const x = BODY.x + (index % perRow) * (w + gap);
    const y = BODY.y + 0.3 + Math.floor(index / perRow) * (h + gap);
    slide.addShape('roundRect', {
      x,
      y,
      w,
      h,
      rectRadius: 0.08,
      fill: { color: 'F7F8FA' },
      line: { color: 'E5E6EB', width: 0.75 },
    });
    slide.addText(
      [
        { text: item.label, options: { fontSize: 13, color: '4E5969', breakLine: true } },
        { text: item.value, options: { fontSize: 28, bold: true, color: accent, breakLine: true } },
        {
          text: item.change === undefined ? '环比 —' : `环比 ${item.change}`,
          options: {
            fontSize: 11,
            color: item.change?.startsWith('+')
              ? 'E8545A'
              : item.change?.startsWith('-')
                ? '41B748'
                : MUTED,
          },
        },
      ],
      { x: x + 0.2, y, w: w - 0.4, h, fontFace: FONT, valign: 'middle' },
    );
  });
}

function postsOn(slide: PptxGenJS.Slide, posts: FigurePost[], total: number, accent: string) {
  const shown = posts.slice(0, POSTS_PER_SLIDE);
  const runs = shown.flatMap((post, index) => [
    {
      text: `${index + 1}. ${post.title}`,
      options: {
        fontSize: 13,
        bold: true,
        color: accent,
        breakLine: true,
        ...(post.url.startsWith('http') ? { hyperlink: { url: post.url } } : {}),
      },
    },
    { text: post.meta, options: { fontSize: 10, color: MUTED, breakLine: true } },
    {
      text: post.text,
      options: { fontSize: 11, color: TEXT, breakLine: true, paraSpaceAfter: 6 },
    },
  ]);
  runs.push({
    text: `共 ${total} 条，此处列出 ${shown.length} 条`,
    options: { fontSize: 10, color: MUTED, breakLine: false, bold: false },
  } as (typeof runs)[number]);
  slide.addText(runs, { ...BODY, fontFace: FONT, valign: 'top', fit: 'shrink' });
}
