import PptxGenJS from 'pptxgenjs';
import type { ChartFigure, Figure, FigurePost, NumberItem } from './figures.js';
import type { ExportPage, ExportWidget } from './export-page.js';
import { renderPicture } from './pictures.js';
import { fitLogo, type TemplateLogo } from './template-master.js';
import { templateColors } from './templates.js';

/** 16:9 in inches. */
const WIDTH = 13.333;
const BODY: Box = { x: 0.5, y: 1.05, w: 12.333, h: 5.75 };
/** Room a report's text above or below a widget takes from its slide's body. */
const TEXT_LINE = 0.5;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
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

  // A banner (landing-page) says what the page is about: it goes on the title slide.
  const banners = page.widgets.filter((widget) => widget.chart.type === 'landing-page');
  titleSlide(pptx, page, banners);
  for (const widget of page.widgets) {
    if (banners.includes(widget)) continue;
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
    figureSlide(pptx, slide, widget.figure, page, textsOn(slide, widget));
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

function titleSlide(pptx: PptxGenJS, page: ExportPage, banners: ExportWidget[]) {
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
  const banner = banners
    .map((widget) => (widget.figure.kind === 'note' ? widget.figure.text : ''))
    .filter(Boolean)
    .join('\n');
  const below = banner ? 0.9 : 0;
  if (banner) {
    slide.addText(banner, {
      x: 1,
      y: 3.1,
      w: 11.5,
      h: 0.8,
      fontSize: 14,
      color: TEXT,
      fontFace: FONT,
      valign: 'top',
      fit: 'shrink',
    });
  }
  text(`时间范围：${page.range}`, 3.3 + below, 0.45, 16, '4E5969');
  const filters = page.filters.length ? page.filters : ['筛选条件：无'];
  slide.addText(
    filters.map((line) => ({ text: line, options: { breakLine: true } })),
    {
      x: 1,
      y: 3.8 + below,
      w: 11.5,
      h: 2.2 - below,
      fontSize: 13,
      color: '4E5969',
      fontFace: FONT,
      valign: 'top',
      fit: 'shrink',
    },
  );
  text(`生成时间：${page.madeAt}`, 6.5, 0.4, 11, MUTED);
}

/**
 * A report's texts above and below the widget (the Word brief shows them too), and the box left
 * for the widget between them.
 */
function textsOn(slide: PptxGenJS.Slide, widget: ExportWidget): Box {
  const box = { ...BODY };
  const line = (text: string, y: number, color: string) =>
    slide.addText(text, {
      x: box.x,
      y,
      w: box.w,
      h: TEXT_LINE,
      fontSize: 12,
      color,
      fontFace: FONT,
      valign: 'middle',
      fit: 'shrink',
    });
  if (widget.topText) {
    line(widget.topText, box.y, TEXT);
    box.y += TEXT_LINE;
    box.h -= TEXT_LINE;
  }
  if (widget.footerText) {
    box.h -= TEXT_LINE;
    line(widget.footerText, box.y + box.h, MUTED);
  }
  return box;
}

function figureSlide(
  pptx: PptxGenJS,
  slide: PptxGenJS.Slide,
  figure: Figure,
  page: ExportPage,
  body: Box,
) {
  switch (figure.kind) {
    case 'chart':
      return chartOn(pptx, slide, figure, page, body);
    case 'numbers':
      return numbersOn(slide, figure.items, page.template.accent, body);
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
          ...body,
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
      return postsOn(slide, figure.posts, figure.total, page.template.accent, body);
    case 'picture': {
      const png = renderPicture(figure.picture, PICTURE.width, PICTURE.height);
      return slide.addImage({
        data: `image/png;base64,${png.toString('base64')}`,
        ...fitted(body, PICTURE.width / PICTURE.height),
      });
    }
    case 'note':
      return slide.addText(figure.text || '无', {
        ...body,
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

/** The largest box of the given width-to-height ratio centred in `box`. */
function fitted(box: Box, ratio: number): Box {
  const w = Math.min(box.w, box.h * ratio);
  const h = w / ratio;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

function chartOn(
  pptx: PptxGenJS,
  slide: PptxGenJS.Slide,
  figure: ChartFigure,
  page: ExportPage,
  body: Box,
) {
  const round = figure.chart === 'pie' || figure.chart === 'doughnut';
  const data = figure.series.map((series) => ({
    name: series.name,
    labels: figure.labels,
    values: series.values,
  }));
  const few = figure.labels.length <= 12;
  slide.addChart(pptx.ChartType[CHART_TYPES[figure.chart]], data, {
    ...body,
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

/** A card's number on one line: 28 pt up to 7 characters, smaller for longer ones (19,447,805). */
const valueSize = (value: string) => (value.length <= 7 ? 28 : value.length <= 10 ? 22 : 18);

/** A change that is good news is green and bad news red, as on the dashboard. */
const CHANGE_COLORS = { good: '41B748', bad: 'E8545A', neutral: MUTED } as const;

function numbersOn(slide: PptxGenJS.Slide, items: NumberItem[], accent: string, body: Box) {
  const perRow = Math.min(4, Math.max(1, items.length));
  const gap = 0.3;
  const w = (body.w - gap * (perRow - 1)) / perRow;
  const h = 1.7;
  items.forEach((item, index) => {
    const x = body.x + (index % perRow) * (w + gap);
    const y = body.y + 0.3 + Math.floor(index / perRow) * (h + gap);
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
        {
          text: item.value,
          options: { fontSize: valueSize(item.value), bold: true, color: accent, breakLine: true },
        },
        {
          text: item.change === undefined ? '环比 —' : `环比 ${item.change}`,
          options: {
            fontSize: 11,
            color: CHANGE_COLORS[item.tone],
          },
        },
      ],
      { x: x + 0.2, y, w: w - 0.4, h, fontFace: FONT, valign: 'middle' },
    );
  });
}

function postsOn(
  slide: PptxGenJS.Slide,
  posts: FigurePost[],
  total: number,
  accent: string,
  body: Box,
) {
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
  slide.addText(runs, { ...body, fontFace: FONT, valign: 'top', fit: 'shrink' });
}
