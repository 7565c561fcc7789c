// @vitest-environment happy-dom
import {
  BarChart,
  GraphChart,
  LineChart,
  MapChart,
  PieChart,
  SunburstChart,
  TreemapChart,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import {
  init,
  registerMap,
  use as install,
  type EChartsCoreOption,
  type Payload,
} from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import china from 'echarts4-maps/map/json/china.json';
import { afterEach, describe, expect, it } from 'vitest';
import { graphModel, retweetGraphOption } from '../graph/graph.option';
import { compareModel, pivotModel, termsModel, widgetColors } from '@yuqing/core';
import { barOption } from './bar.option';
import { mapOption, provinceValues } from './map.option';
import { pieOption } from './pie.option';
import { escapeHtml, tooltipHtml } from './tooltip';
import { sunburstOption, treemapOption } from './tree.option';
import { trendModel } from '@yuqing/core';
import { displayName } from '../../format/displayName';
import { trendOption, type TrendKind } from './trend.option';
import { wordsOption } from './words.option';

install([
  SVGRenderer,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  BarChart,
  GraphChart,
  LineChart,
  MapChart,
  PieChart,
  SunburstChart,
  TreemapChart,
]);
registerMap('china', china as unknown as Parameters<typeof registerMap>[1]);

/** What an import may carry in a platform, a topic path, a word or an author's name. */
const HOSTILE = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
const OTHER = `<svg onload=alert(3)>`;
const colors = widgetColors(undefined);
const barInput = {
  colors,
  format: 'percent' as const,
  horizontal: false,
  stacked: false,
  showLegend: true,
  singleColor: '#3256B4',
};

function expectText(root: ParentNode, ...texts: string[]) {
  expect(root.querySelectorAll('img, script, svg, iframe, [onerror], [onload]')).toHaveLength(0);
  for (const text of texts) expect(root.textContent).toContain(text);
}

const charts: ReturnType<typeof init>[] = [];
afterEach(() => {
  for (const chart of charts.splice(0)) chart.dispose();
  document.body.innerHTML = '';
});

/** Draws the option with ECharts itself, shows the tooltip of one item, and returns its DOM. */
function shownTooltip(option: object, tip: Omit<Payload, 'type'>): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const chart = init(container, undefined, { renderer: 'svg', width: 600, height: 400 });
  charts.push(chart);
  chart.setOption({ animation: false, ...option } as EChartsCoreOption);
  chart.dispatchAction({ type: 'showTip', ...tip });
  // ECharts adds its tooltip box to the chart's container, after the drawing.
  const box = container.lastElementChild as HTMLElement;
  expect(box.querySelector('svg')).toBeNull();
  expect(box.innerHTML).not.toBe('');
  return box;
}

const trend = (kind: TrendKind) =>
  trendOption(
    trendModel(
      {
        interval: 'day',
        list: [
          { time: Date.UTC(2024, 0, 1), name: HOSTILE, value: 3 },
          { time: Date.UTC(2024, 0, 1), name: OTHER, value: 1 },
        ],
      },
      'Asia/Shanghai',
      '数值',
      displayName,
    ),
    { kind, colors, format: 'percent', showLegend: true },
  );

const node = (name: string, path: string) => ({ name, path, value: 3, children: [] });

describe('tooltips show imported text as text', () => {
  const cases: [string, () => object, Omit<Payload, 'type'>, string[]][] = [
    [
      'pie',
      () =>
        pieOption([{ name: HOSTILE, value: 3 }], {
          colors,
          format: undefined,
          showLegend: true,
          seriesName: OTHER,
        }),
      { seriesIndex: 0, dataIndex: 0 },
      [HOSTILE, '3 (100.00%)'],
    ],
    [
      'bar',
      () => barOption(termsModel([{ name: HOSTILE, value: 3 }], OTHER, displayName), barInput),
      { seriesIndex: 0, dataIndex: 0 },
      [HOSTILE, OTHER],
    ],
    [
      'compare bar',
      () =>
        barOption(
          compareModel([{ name: HOSTILE, value: 3 }], [{ name: OTHER, value: 1 }], displayName),
          barInput,
        ),
      { seriesIndex: 0, dataIndex: 1 },
      [OTHER],
    ],
    [
      'stack bar of a pivot',
      () =>
        barOption(pivotModel([{ row: HOSTILE, col: OTHER, value: 2 }], displayName), {
          ...barInput,
          stacked: true,
        }),
      { seriesIndex: 0, dataIndex: 0 },
      [HOSTILE, OTHER],
    ],
    ['lines', () => trend('lines'), { seriesIndex: 0, dataIndex: 0 }, [HOSTILE, OTHER]],
    ['area stack', () => trend('area-stack'), { seriesIndex: 0, dataIndex: 0 }, [HOSTILE, OTHER]],
    ['stack bar of a trend', () => trend('stack-bar'), { seriesIndex: 0, dataIndex: 0 }, [HOSTILE]],
    [
      'map',
      () => mapOption(provinceValues([{ name: `广东${HOSTILE}`, value: 3 }]), OTHER, '#2E57E4'),
      { seriesIndex: 0, name: '广东' },
      ['广东', '3'],
    ],
    [
      'tree map',
      () => treemapOption([node(HOSTILE, `/话题${HOSTILE}`)], colors),
      { seriesIndex: 0, dataIndex: 1 },
      [`/话题${HOSTILE}`],
    ],
    [
      'sunburst',
      () => sunburstOption([node(HOSTILE, `/话题${HOSTILE}`)], colors),
      { seriesIndex: 0, dataIndex: 1 },
      [`/话题${HOSTILE}`],
    ],
    [
      'retweet graph node',
      () =>
        retweetGraphOption(
          graphModel({
            nodes: [
              { id: 'a', name: HOSTILE, value: 1, created: 0 },
              { id: 'b', name: OTHER, value: 0, created: 0 },
            ],
            edges: [{ source: 'a', target: 'b' }],
          }),
          { primary: '#2E57E4', palette: colors.palette, timeZone: 'Asia/Shanghai' },
        ),
      { seriesIndex: 0, dataIndex: 0 },
      [HOSTILE],
    ],
  ];

  it.each(cases)('%s', (_kind, option, tip, texts) => {
    expectText(shownTooltip(option(), tip), ...texts);
  });

  it('retweet graph edge', () => {
    const option = retweetGraphOption(
      graphModel({
        nodes: [
          { id: 'a', name: HOSTILE, value: 1, created: 0 },
          { id: 'b', name: OTHER, value: 0, created: 0 },
        ],
        edges: [{ source: 'a', target: 'b' }],
      }),
      { primary: '#2E57E4', palette: colors.palette, timeZone: 'Asia/Shanghai' },
    );
    const html = option.tooltip.formatter({ dataType: 'edge', data: { source: 'a', target: 'b' } });
    expectText(new DOMParser().parseFromString(html, 'text/html').body, `${HOSTILE} → ${OTHER}`);
  });

  // The word cloud lays words out on a 2D canvas, which happy-dom has not: its formatter's HTML
  // is parsed as ECharts would insert it.
  it('word cloud', () => {
    const option = wordsOption([{ name: HOSTILE, value: 3 }], colors.palette);
    const html = option.tooltip.formatter({ name: HOSTILE, value: 3 });
    expectText(new DOMParser().parseFromString(html, 'text/html').body, HOSTILE, '3');
  });
});

describe('tooltipHtml', () => {
  it('escapes every character HTML gives a meaning', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('puts the marker before the bold title and a line per row', () => {
    const marker = '<span class="dot"></span>';
    expect(tooltipHtml({ title: '<微博>', marker, lines: ['1 & 2'] })).toBe(
      '<span class="dot"></span><b>&lt;微博&gt;</b><br/>1 &amp; 2',
    );
  });
});
