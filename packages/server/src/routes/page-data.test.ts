import {
  aiReportLayout,
  chart,
  loadWidgetData,
  pageQuery,
  widgetHasData,
  type Chart,
  type Page,
  type QueryState,
} from '@yuqing/core';
import { FIXTURE_QUERY, WIDGET_FIXTURES } from '@yuqing/core/testing';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDashboard, demoSubjectDashboard } from '../seed/demo-dashboard.js';
import { seedDemoPosts } from '../seed/demo-posts.js';
import { DEMO, seedIfEmpty } from '../seed/seed.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/engines.js';
import { buildUser, type BuiltProject } from '../../test/factories.js';

const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const keysOf = (value: Record<string, unknown>) =>
  Object.keys(value)
    .filter((key) => key !== 'took')
    .sort();

/**
 * Where `actual` has not the shape of `fixture`: objects with the same keys (`took` aside), lists
 * with items each of the keys of one of the fixture's items (a timeline's events differ by kind),
 * values of the same type. A post is only checked to be one: each keeps the keys it was imported
 * with.
 */
function shapeMismatches(actual: unknown, fixture: unknown, at: string): string[] {
  if (Array.isArray(fixture)) {
    if (!Array.isArray(actual)) return [`${at}: not a list`];
    if (fixture.length === 0) return [];
    if (actual.length === 0) return [`${at}: empty`];
    return actual.flatMap((item, index) => {
      const tries = fixture.map((like) => shapeMismatches(item, like, `${at}[${index}]`));
      return tries.some((found) => found.length === 0) ? [] : tries[0]!;
    });
  }
  if (isRecord(fixture)) {
    if (!isRecord(actual)) return [`${at}: not an object`];
    if ('_id' in fixture) return typeof actual._id === 'string' ? [] : [`${at}: not a post`];
    if (!isDeepStrictEqual(keysOf(actual), keysOf(fixture)))
      return [`${at}: keys ${keysOf(actual).join()}, not ${keysOf(fixture).join()}`];
    return keysOf(fixture).flatMap((key) =>
      shapeMismatches(actual[key], fixture[key], `${at}.${key}`),
    );
  }
  return typeof actual === typeof fixture ? [] : [`${at}: ${typeof actual}, not ${typeof fixture}`];
}

describe.each(TEST_ENGINES)('POST /page_data on %s', (engineKind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let viewer: string;
  let admin: string;
  let outsider: string;
  const now = Date.now();

  beforeAll(async () => {
    ctx = await openTestApp('pglite', {}, { engine: engineKind });
    await seedIfEmpty(ctx.store);
    const record = (await ctx.store.tenancy.findProject(DEMO))!;
    project = { id: record.id, ...DEMO };
    await seedDemoPosts(ctx.store, ctx.engine, ctx.importer, 1500);
    viewer = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'viewer' })))
      .cookie;
    admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' }))).cookie;
    outsider = (await signIn(ctx.app, await buildUser(ctx.store))).cookie;
  }, 300_000);
  afterAll(() => ctx.close());

  const post = (url: string, cookie: string, payload: object, subjectId?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      query: scopeQuery(project, subjectId),
      headers: { cookie },
      payload,
    });

  /** A widget's data as the browser made it before page_data: its own POST /search calls. */
  const viaSearch = (widget: Chart, query: QueryState, cookie: string, subjectId?: string) =>
    loadWidgetData(widget, query, { now, timeZone: TZ }, async (body) => {
      const response = await post('search', cookie, body, subjectId);
      const answer = response.json();
      if (!answer.success) throw new Error(answer.msg);
      return answer.data;
    });

  const withoutTook = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (key, v) => (key === 'took' ? undefined : v)));

  /** The dashboard's pages, and its AI report menu item's built-in layout. */
  const pagesOf = (dashboard: typeof demoDashboard, kind: 'project' | 'subject') =>
    [...Object.entries(dashboard.pages), ['ai-report', aiReportLayout(kind)]] as [string, Page][];

  it("gives every widget of every demo page exactly what the widget's own searches give", async () => {
    let compared = 0;
    for (const [dashboard, subjectId] of [
      [demoDashboard, undefined],
      [demoSubjectDashboard, 'launch'],
    ] as const) {
      for (const [key, page] of pagesOf(dashboard, subjectId ? 'subject' : 'project')) {
        // Thirty days, so that every widget has posts to count.
        const query = { ...pageQuery(page, now, TZ), start: now - 30 * DAY, end: now };
        const response = await post('page_data', admin, { page: key, query, now }, subjectId);
        expect(response.statusCode, `${key}: ${response.body}`).toBe(200);
        const { widgets } = response.json().data;
        const expected: Record<string, unknown> = {};
        for (const widget of page.charts.filter((c) => widgetHasData(c.type)))
          expected[widget.i] = { data: await viaSearch(widget, query, admin, subjectId) };
        expect(withoutTook(widgets), key).toEqual(withoutTook(expected));
        compared += Object.keys(expected).length;
      }
    }
    expect(compared).toBeGreaterThan(40);
  }, 300_000);

  it("reports a widget's failure on that widget, not on the page", async () => {
    const good = chart.parse({ i: 'good', x: 0, y: 0, w: 12, h: 10, type: 'pie' });
    // An hourly trend over ten years is refused before it runs.
    const bad = chart.parse({
      i: 'bad',
      x: 12,
      y: 0,
      w: 12,
      h: 10,
      type: 'lines',
      innerRequest: { interval: 'hour' },
    });
    const query = { ...pageQuery(demoDashboard.pages.overview!, now, TZ), start: now - 3650 * DAY };
    const response = await post('page_data', admin, { widgets: [good, bad], query, now });
    expect(response.statusCode).toBe(200);
    const { widgets } = response.json().data;
    expect(widgets.good.data.list.length).toBeGreaterThan(0);
    expect(widgets.bad.error).toMatch(/^interval: .*超过 5000 个/);
  });

  it('answers each widget type’s fixture chart with data of its fixture’s shape', async () => {
    const fixtures = Object.values(WIDGET_FIXTURES);
    // The fixtures' query over the demo's last thirty days, so that every list has items.
    const query = { ...FIXTURE_QUERY, start: now - 30 * DAY, end: now };
    const response = await post('page_data', admin, {
      widgets: fixtures.map((fixture) => fixture.chart),
      query,
      now,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { widgets } = response.json().data;
    for (const { chart, data } of fixtures) {
      const result = widgets[chart.i];
      expect(result?.error, chart.type).toBeUndefined();
      // The fixture's data as it crosses HTTP: without undefined values.
      const sent = JSON.parse(JSON.stringify(data));
      expect(shapeMismatches(result.data, sent, chart.type)).toEqual([]);
    }
  });

  it('lets only project admins send widgets, only members read pages, and names a missing page', async () => {
    const query = pageQuery(demoDashboard.pages.overview!, now, TZ);
    const widgets = demoDashboard.pages.overview!.charts;
    expect((await post('page_data', viewer, { page: 'overview', query })).statusCode).toBe(200);
    expect((await post('page_data', viewer, { widgets, query })).statusCode).toBe(403);
    expect((await post('page_data', outsider, { page: 'overview', query })).statusCode).toBe(403);
    expect((await post('page_data', '', { page: 'overview', query })).statusCode).toBe(401);
    // The audit page is admin-visible: a viewer does not get it.
    expect((await post('page_data', viewer, { page: 'audit', query })).statusCode).toBe(404);
    expect((await post('page_data', admin, { page: 'audit', query })).statusCode).toBe(200);
    const missing = await post('page_data', admin, { page: 'nowhere', query });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('page: 页面 nowhere 不存在');
    const both = await post('page_data', admin, { page: 'overview', widgets, query });
    expect(both.statusCode).toBe(400);
  });

  it('answers a page asked again from the cache, and reads again once posts are deleted', async () => {
    const query = { ...pageQuery(demoDashboard.pages.overview!, now, TZ), start: now - 7 * DAY };
    let cacheHeader = '';
    const volume = async () => {
      const response = await post('page_data', viewer, { page: 'overview', query, now });
      cacheHeader = String(response.headers['x-answer-cache']);
      return response.json().data.widgets;
    };
    const first = await volume();
    const again = await volume();
    expect(withoutTook(again)).toEqual(withoutTook(first));
    const [hits, requests] = cacheHeader.split('/').map(Number);
    expect(requests).toBeGreaterThan(0);
    expect(hits).toBe(requests);
    await ctx.engine.deleteProject(project.id);
    const after = await volume();
    expect(withoutTook(after)).not.toEqual(withoutTook(first));
  });
});
