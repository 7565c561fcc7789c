import { chart as chartSchema, dashboard as dashboardSchema, type Dashboard } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import {
  addPage,
  changeType,
  copyChart,
  copyPage,
  mergeTemplate,
  moveMenuItem,
  moveToLayout,
  newChart,
  nextChartId,
  pickPageKey,
  placeAtBottom,
  removePage,
  updateMenuItem,
} from './editorLogic';
import { WIDGET_GROUPS, WIDGET_TYPES } from '@yuqing/core';

const draft = (): Dashboard =>
  dashboardSchema.parse({
    menu: [
      { label: '概览', key: 'overview', path: '/overview', default: true },
      { label: '趋势', key: 'trend', path: '/trend' },
    ],
    pages: {
      overview: {
        charts: [
          { i: 'w1', x: 0, y: 0, w: 24, h: 6, type: 'landing-page' },
          { i: 'w2', x: 0, y: 6, w: 12, h: 12, type: 'pie', aggs: 'common_terms' },
          { i: 'w3', x: 12, y: 6, w: 12, h: 20, type: 'words', aggs: 'common_words' },
        ],
      },
      trend: { charts: [{ i: 'w9', x: 0, y: 0, w: 24, h: 10, type: 'lines' }] },
    },
  });

describe('placing new widgets', () => {
  it('puts a new widget at the left under everything', () => {
    const charts = draft().pages.overview!.charts;
    expect(placeAtBottom(charts, 12, 12)).toEqual({ x: 0, y: 26, w: 12, h: 12 });
    expect(placeAtBottom([], 30, 5)).toEqual({ x: 0, y: 0, w: 24, h: 5 });
  });

  it('numbers ids after the highest on any page', () => {
    expect(nextChartId(draft())).toBe('w10');
    expect(nextChartId({ pages: {} })).toBe('w1');
    expect(nextChartId({ pages: {} }, ['w4', 'custom'])).toBe('w5');
  });

  it('gives every palette type a valid widget with its usual data source', () => {
    expect(WIDGET_GROUPS.flatMap((group) => group.types).sort()).toEqual([...WIDGET_TYPES].sort());
    for (const type of WIDGET_TYPES) {
      const widget = newChart(type, 'w1', []);
      const parsed = chartSchema.safeParse(widget);
      expect(parsed.success, type).toBe(true);
    }
    const words = newChart('words', 'w7', draft().pages.overview!.charts);
    expect(words).toMatchObject({
      aggs: 'common_words',
      title: '词云',
      y: 26,
      innerRequest: { size: 100 },
    });
  });

  it('copies a widget under a new id at the bottom, leaving the original alone', () => {
    const charts = draft().pages.overview!.charts;
    const copy = copyChart(charts[1]!, 'w10', charts);
    expect(copy).toMatchObject({ i: 'w10', x: 0, y: 26, w: 12, h: 12, type: 'pie' });
    copy.options.showLegend = true;
    expect(charts[1]!.options.showLegend).toBeUndefined();
  });

  it('moves widgets to the boxes of a grid layout and leaves the rest, and their settings, alone', () => {
    const charts = draft().pages.overview!.charts;
    const moved = moveToLayout(charts, [
      { i: charts[1]!.i, x: 12, y: 0, w: 12, h: 20 },
      { i: 'elsewhere', x: 0, y: 0, w: 1, h: 1 },
    ]);
    expect(moved[0]).toBe(charts[0]);
    expect(moved[1]).toEqual({ ...charts[1], x: 12, y: 0, w: 12, h: 20 });
    expect(charts[1]).toMatchObject({ x: 0, y: 6 });
  });

  it('keeps only request options the new data source reads when the type changes', () => {
    const pie = draft().pages.overview!.charts[1]!;
    const lines = changeType({ ...pie, innerRequest: { field: 'tendency', size: 5 } }, 'lines');
    expect(lines.aggs).toBe('common_trend');
    expect(lines.innerRequest).toEqual({ size: 5 });
    expect(changeType(pie, 'bar').aggs).toBe('common_terms');
  });
});

describe('pages and the menu', () => {
  it('adds a page with a free key and path, and an empty page', () => {
    const { dashboard, key } = addPage(draft());
    expect(key).toBe('page3');
    expect(dashboard.menu.at(-1)).toMatchObject({ key: 'page3', path: '/page3', default: false });
    expect(dashboard.pages.page3!.charts).toEqual([]);
    expect(addPage(dashboard).key).toBe('page4');
  });

  it('copies a page after the original under renamed key and path', () => {
    const first = copyPage(draft(), 'overview');
    expect(first.key).toBe('overview_copy');
    expect(first.dashboard.menu.map((item) => item.key)).toEqual([
      'overview',
      'overview_copy',
      'trend',
    ]);
    expect(first.dashboard.menu[1]).toMatchObject({
      path: '/overview-copy',
      label: '概览 副本',
      default: false,
    });
    const second = copyPage(first.dashboard, 'overview');
    expect(second.key).toBe('overview_copy_2');
    expect(second.dashboard.menu[1]!.path).toBe('/overview-copy-2');
    expect(dashboardSchema.safeParse(second.dashboard).success).toBe(true);
    expect(second.dashboard.pages.overview_copy_2!.charts).toHaveLength(3);
  });

  it('removes a page with its menu item and falls back to the default page', () => {
    const dashboard = removePage(draft(), 'overview');
    expect(dashboard.menu.map((item) => item.key)).toEqual(['trend']);
    expect(dashboard.pages.overview).toBeUndefined();
    expect(pickPageKey(dashboard, 'overview')).toBe('trend');
    expect(pickPageKey(draft())).toBe('overview');
  });

  it('moves the page along with a renamed key, and keeps one default', () => {
    const renamed = updateMenuItem(draft(), 1, { key: 'trends' });
    expect(Object.keys(renamed.pages).sort()).toEqual(['overview', 'trends']);
    const defaulted = updateMenuItem(draft(), 1, { default: true });
    expect(defaulted.menu.map((item) => item.default)).toEqual([false, true]);
    // A key another item uses: the page is not taken over (the schema reports the duplicate).
    const clash = updateMenuItem(draft(), 1, { key: 'overview' });
    expect(clash.pages.trend).toBeDefined();
    expect(dashboardSchema.safeParse(clash).success).toBe(false);
  });

  it('reorders menu items within bounds', () => {
    expect(moveMenuItem(draft(), 1, -1).menu.map((item) => item.key)).toEqual([
      'trend',
      'overview',
    ]);
    expect(moveMenuItem(draft(), 0, -1).menu.map((item) => item.key)).toEqual([
      'overview',
      'trend',
    ]);
  });
});

describe('templates', () => {
  it('adds the template pages, renaming colliding keys and paths, keeping the draft default', () => {
    const template = dashboardSchema.parse({
      menu: [
        { label: '概览', key: 'overview', path: '/overview', default: true },
        { label: '地域', key: 'region', path: '/region' },
      ],
      pages: {
        overview: { charts: [{ i: 'w1', x: 0, y: 0, w: 6, h: 6, type: 'statistics' }] },
      },
    });
    const { dashboard, added } = mergeTemplate(draft(), template);
    expect(added).toEqual(['overview_2', 'region']);
    expect(dashboard.menu.map((item) => [item.key, item.path, item.label, item.default])).toEqual([
      ['overview', '/overview', '概览', true],
      ['trend', '/trend', '趋势', false],
      ['overview_2', '/overview-2', '概览 2', false],
      ['region', '/region', '地域', false],
    ]);
    expect(dashboard.pages.overview_2!.charts[0]!.type).toBe('statistics');
    expect(dashboard.pages.region!.charts).toEqual([]);
    expect(dashboard.pages.overview!.charts).toHaveLength(3);
    expect(dashboardSchema.safeParse(dashboard).success).toBe(true);
  });
});
