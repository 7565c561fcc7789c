import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import { CHART_LABEL_COLOR, chinaMapOption } from '@yuqing/core';
import { Refusal } from '../refusals.js';
import type { ChartFigure, Picture, TreeNode } from './figures.js';
import { wordCloudSvg } from './word-cloud.js';

/** The CJK font pictures are drawn with (Debian's fonts-wqy-microhei unless configured). */
export const CJK_FONT_FILE =
  process.env.CJK_FONT_FILE ?? '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
export const CJK_FONT_FAMILY = 'WenQuanYi Micro Hei';

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const HOURS = Array.from({ length: 24 }, (_, hour) => `${hour}时`);

let mapRegistered = false;
function registerChina() {
  if (mapRegistered) return;
  const require = createRequire(import.meta.url);
  const file = require.resolve('echarts4-maps/map/json/china.json');
  echarts.registerMap('china', JSON.parse(readFileSync(file, 'utf8')));
  mapRegistered = true;
}

/** Refuses in Chinese when the CJK font pictures and PDFs are drawn with is missing. */
export function requireCjkFont(): void {
  if (!existsSync(CJK_FONT_FILE))
    throw new Refusal(
      'unavailable',
      `服务器缺少中文字体 ${CJK_FONT_FILE}，无法绘制图片（请安装 fonts-wqy-microhei 或设置 CJK_FONT_FILE）`,
    );
}

/** A picture as SVG, `width` × `height` CSS pixels. */
export function pictureSvg(picture: Picture, width: number, height: number): string {
  return picture.kind === 'words'
    ? wordCloudSvg(picture.words, picture.colors, width, height, CJK_FONT_FAMILY)
    : echartsSvg(optionOf(picture), width, height);
}

/** A picture as PNG bytes, `width` × `height` CSS pixels drawn at twice the resolution. */
export function renderPicture(picture: Picture, width: number, height: number): Buffer {
  requireCjkFont();
  const svg = pictureSvg(picture, width, height);
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width * 2 },
    font: {
      loadSystemFonts: false,
      fontFiles: [CJK_FONT_FILE],
      defaultFontFamily: CJK_FONT_FAMILY,
      sansSerifFamily: CJK_FONT_FAMILY,
    },
    background: '#ffffff',
  });
  return resvg.render().asPng();
}

function echartsSvg(option: Record<string, unknown>, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: CJK_FONT_FAMILY },
      ...option,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

function optionOf(picture: Exclude<Picture, { kind: 'words' }>): Record<string, unknown> {
  switch (picture.kind) {
    case 'chart':
      return chartOption(picture.chart);
    case 'map':
      return mapOption(picture);
    case 'heat':
      // A polar heat map prints as its grid: the same cells, easier to read on paper.
      return heatOption(picture);
    case 'tree':
      return treeOption(picture);
  }
}

/** A native chart's figure drawn as a picture, for formats without native charts (Word). */
function chartOption(figure: ChartFigure) {
  const color = figure.colors.map((c) => (c.startsWith('#') ? c : `#${c}`));
  const legend = { show: figure.showLegend, bottom: 0, textStyle: { color: CHART_LABEL_COLOR } };
  if (figure.chart === 'pie' || figure.chart === 'doughnut') {
    const series = figure.series[0];
    return {
      color,
      legend: { ...legend, show: true, type: 'plain' },
      series: [
        {
          type: 'pie',
          radius: figure.chart === 'doughnut' ? ['38%', '62%'] : '62%',
          center: ['50%', '46%'],
          label: { formatter: '{b}\n{d}%', color: CHART_LABEL_COLOR },
          data: figure.labels.map((name, i) => ({ name, value: series?.values[i] ?? 0 })),
        },
      ],
    };
  }
  const category = {
    type: 'category',
    data: figure.labels,
    axisLabel: { color: CHART_LABEL_COLOR, hideOverlap: true },
    ...(figure.horizontal ? { inverse: true } : {}),
  };
  const value = {
    type: 'value',
    axisLabel: { color: CHART_LABEL_COLOR },
    splitLine: { lineStyle: { color: '#E5E6EB' } },
  };
  return {
    color,
    legend: { ...legend, show: figure.showLegend && figure.series.length > 1 },
    grid: {
      left: 16,
      right: 24,
      top: 24,
      bottom: figure.series.length > 1 ? 40 : 16,
      containLabel: true,
    },
    xAxis: figure.horizontal ? value : category,
    yAxis: figure.horizontal ? category : value,
    series: figure.series.map((series) => ({
      name: series.name,
      type: figure.chart === 'bar' ? 'bar' : 'line',
      data: series.values,
      barMaxWidth: 24,
      showSymbol: figure.labels.length <= 31,
      ...(figure.stacked ? { stack: 'all' } : {}),
      ...(figure.chart === 'area' ? { areaStyle: { opacity: 0.35 } } : {}),
    })),
  };
}

function mapOption({ regions, color, valueLabel }: Extract<Picture, { kind: 'map' }>) {
  registerChina();
  return chinaMapOption(regions, valueLabel, color);
}

/** Cells as `[hour, weekday, value]`, every one of the 7 × 24 present. */
function heatCells(cells: Extract<Picture, { kind: 'heat' }>['cells']) {
  const grid = WEEKDAYS.map(() => HOURS.map(() => 0));
  for (const cell of cells) {
    const row = grid[cell.weekday];
    if (row && cell.hour >= 0 && cell.hour < 24)
      row[cell.hour] = (row[cell.hour] ?? 0) + cell.value;
  }
  return grid.flatMap((row, weekday) => row.map((value, hour) => [hour, weekday, value]));
}

function heatVisualMap(cells: number[][], color: string) {
  return {
    min: 0,
    max: Math.max(1, ...cells.map((cell) => cell[2]!)),
    orient: 'horizontal',
    left: 'center',
    bottom: 0,
    itemWidth: 10,
    itemHeight: 120,
    calculable: true,
    textStyle: { color: CHART_LABEL_COLOR },
    inRange: { color: ['#F2F6FF', color] },
  };
}

function heatOption({ cells, color }: Extract<Picture, { kind: 'heat' }>) {
  const data = heatCells(cells);
  const axis = { axisLabel: { color: CHART_LABEL_COLOR }, axisTick: { show: false } };
  return {
    grid: { left: 48, right: 16, top: 8, bottom: 64 },
    xAxis: { type: 'category', data: HOURS, splitArea: { show: true }, ...axis },
    yAxis: { type: 'category', data: WEEKDAYS, inverse: true, splitArea: { show: true }, ...axis },
    visualMap: heatVisualMap(data, color),
    series: [{ type: 'heatmap', data, itemStyle: { borderColor: '#fff', borderWidth: 1 } }],
  };
}

function treeOption({ nodes, sunburst, colors }: Extract<Picture, { kind: 'tree' }>) {
  const label = (node: TreeNode): TreeNode & { itemStyle?: { color: string } } => ({
    name: node.name,
    value: node.value,
    ...(node.children ? { children: node.children.map(label) } : {}),
    ...(node.color ? { itemStyle: { color: node.color } } : {}),
  });
  const data = nodes.map(label);
  if (sunburst)
    return {
      color: colors,
      series: [
        {
          type: 'sunburst',
          data,
          radius: ['12%', '92%'],
          label: { rotate: 'radial', fontSize: 10 },
          itemStyle: { borderColor: '#fff', borderWidth: 1 },
        },
      ],
    };
  return {
    color: colors,
    series: [
      {
        type: 'treemap',
        data,
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        width: '100%',
        height: '100%',
        label: { show: true, formatter: '{b}\n{c}' },
        levels: [
          {
            color: colors,
            colorMappingBy: 'index',
            itemStyle: { borderColor: '#fff', borderWidth: 2, gapWidth: 2 },
          },
        ],
      },
    ],
  };
}
