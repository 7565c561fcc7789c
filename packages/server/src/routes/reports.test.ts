import JSZip from 'jszip';
import { pageQuery, type ListAnswer, type NameValue, type Report } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoDashboard } from '../seed/demo-dashboard.js';
import { seedDemoPosts } from '../seed/demo-posts.js';
import { DEMO, seedIfEmpty } from '../seed/seed.js';
import { openTestApp, scopeQuery, signIn } from '../testing/app.js';
import { buildProject, buildUser, type BuiltProject } from '../testing/factories.js';

const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
/** The smallest PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('reports', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let author: string;
  let colleague: string;
  let admin: string;
  let otherMember: string;
  const now = Date.now();
  const overview = demoDashboard.pages.overview!;
  const query = { ...pageQuery(overview, now, TZ), start: now - 30 * DAY, end: now };
  const bar = overview.charts.find((chart) => chart.type === 'bar')!;

  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    await ctx.app.ready();
    await seedIfEmpty(ctx.store);
    const record = (await ctx.store.tenancy.findProject(DEMO))!;
    project = { id: record.id, ...DEMO };
    await seedDemoPosts(ctx.store, ctx.engine, ctx.importer, 800);
    const member = (role: 'viewer' | 'admin') =>
      buildUser(ctx.store, { project, role }).then((user) => signIn(ctx.app, user));
    author = (await member('viewer')).cookie;
    colleague = (await member('viewer')).cookie;
    admin = (await member('admin')).cookie;
    const other = await buildProject(ctx.store);
    otherMember = (
      await signIn(ctx.app, await buildUser(ctx.store, { project: other, role: 'admin' }), other)
    ).cookie;
  }, 300_000);
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie: string | undefined,
    options: { payload?: object; query?: Record<string, string> } = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1/${url}`,
      query: { ...scopeQuery(project), ...options.query },
      headers: cookie ? { cookie } : {},
      ...(options.payload && { payload: options.payload }),
    });
  const create = async (cookie = author) => {
    const answer = await call('POST', 'report', cookie, {
      payload: { title: '周报', desc: '本周概览', page: 'overview', query, now },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Report;
  };

  it('snapshots every widget as page_data gave it; new posts do not change it', async () => {
    const made = await create();
    const page = (
      await call('POST', 'page_data', author, { payload: { page: 'overview', query, now } })
    ).json().data.widgets;
    for (const chart of overview.charts) {
      if (page[chart.i]) expect(made.aggsData[chart.i]!.data).toEqual(page[chart.i].data);
    }
    expect(made.chart_source.range).toMatch(/至/);
    expect(made.charts.map((c) => c.i)).toEqual(overview.charts.map((c) => c.i));
    const before = (made.aggsData[bar.i]!.data as ListAnswer<NameValue>).list;

    await seedDemoPosts(ctx.store, ctx.engine, ctx.importer, 1600);
    const fresh = (
      await call('POST', 'page_data', author, { payload: { page: 'overview', query, now } })
    ).json().data.widgets[bar.i].data as ListAnswer<NameValue>;
    expect(fresh.list).not.toEqual(before);
    const again = (await call('GET', 'report', colleague, { query: { id: made.id } })).json()
      .data as Report;
    expect((again.aggsData[bar.i]!.data as ListAnswer<NameValue>).list).toEqual(before);
  }, 120_000);

  it('lets its author and project admins edit texts, not other members', async () => {
    const made = await create();
    const edit = (cookie: string, text: string) =>
      call('POST', 'report', cookie, {
        payload: {
          id: made.id,
          title: made.title,
          aggsText: { [bar.i]: { top_text: text, footer_text: '数据来源：全网' } },
        },
      });
    expect((await edit(colleague, 'x')).statusCode).toBe(403);
    const edited = await edit(author, '微博占比最高');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.aggsData[bar.i]).toMatchObject({
      top_text: '微博占比最高',
      footer_text: '数据来源：全网',
      data: made.aggsData[bar.i]!.data,
    });
    expect((await edit(admin, '管理员改')).statusCode).toBe(200);
    const unknown = await call('POST', 'report', author, {
      payload: { id: made.id, title: 't', aggsText: { nope: { top_text: '', footer_text: '' } } },
    });
    expect(unknown.statusCode).toBe(404);
    const list = (await call('GET', 'report/list', colleague)).json().data.list;
    expect(list.map((r: { id: string }) => r.id)).toContain(made.id);
    expect((await call('GET', 'report', otherMember, { query: { id: made.id } })).statusCode).toBe(
      403,
    );
  }, 60_000);

  it('shares a published report by a link that opens it alone, counts views, and stops on revoke, expiry or unpublish', async () => {
    const made = await create();
    const other = await create();
    const share = (id: string) =>
      call('POST', 'report/share', author, { payload: { id, days: 3 } });
    expect((await share(made.id)).statusCode).toBe(400);
    await call('POST', 'report/publish', author, { payload: { id: made.id } });
    await call('POST', 'report/publish', author, { payload: { id: other.id } });
    const link = (await share(made.id)).json().data;
    const token = link.url.split('/share/')[1] as string;
    expect(link.url).toMatch(/^http.*\/share\/[\w-]{40,}$/);

    const open = (t: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/report/shared', query: { token: t } });
    const opened = await open(token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.report.id).toBe(made.id);
    expect(opened.json().data).toMatchObject({
      projectName: expect.any(String),
      timeZone: 'Asia/Shanghai',
    });
    await open(token);
    const shares = (
      await call('GET', 'report/shares', colleague, { query: { id: made.id } })
    ).json().data.list;
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({ views: 2, revoked: false });
    expect(shares[0].author).toBeTruthy();

    // The token is no session and names nothing else.
    for (const headers of [{ cookie: `token=${token}` }, { authorization: `Bearer ${token}` }]) {
      const search = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/search',
        query: scopeQuery(project),
        headers,
        payload: { aggs: 'common_terms', field: 'tendency' },
      });
      expect(search.statusCode).toBe(401);
      const report = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/report',
        query: { ...scopeQuery(project), id: other.id, token },
        headers,
      });
      expect(report.statusCode).toBe(401);
    }

    await call('POST', 'report/publish', author, { payload: { id: made.id, published: false } });
    expect((await open(token)).json().msg).toBe('报告已取消发布');
    await call('POST', 'report/publish', author, { payload: { id: made.id } });
    expect((await open(token)).statusCode).toBe(200);

    await call('POST', 'report/share/revoke', author, { payload: { id: shares[0].id } });
    const revoked = await open(token);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().msg).toBe('分享链接已撤销');

    const second = (await share(made.id)).json().data;
    const secondToken = second.url.split('/share/')[1] as string;
    expect((await open(secondToken)).statusCode).toBe(200);
    // Four days on, the three-day link has expired.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 4 * DAY });
    const expired = await open(secondToken);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().msg).toBe('分享链接已过期');
    vi.useRealTimers();
    expect((await open('x'.repeat(43))).json().msg).toBe('分享链接不存在');
  }, 60_000);

  it('checks images by their bytes and size, and shows a shared report its own images only', async () => {
    const upload = (name: string, data: string) =>
      call('POST', 'report/imgs', author, { payload: { name, data } });
    const logo = await upload('logo.png', dataUrl('image/png', PNG));
    expect(logo.statusCode, logo.body).toBe(200);
    const logoId = logo.json().data.id as string;
    expect((await upload('x.png', dataUrl('image/png', Buffer.from('<svg/>')))).statusCode).toBe(
      400,
    );
    expect((await upload('x.jpg', dataUrl('image/jpeg', PNG))).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload('big.png', dataUrl('image/png', big))).statusCode).toBe(400);
    const image = await call('GET', `report/imgs/${logoId}`, colleague);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(PNG);
    expect((await call('GET', `report/imgs/${logoId}`, otherMember)).statusCode).toBe(403);

    const unrelated = (await upload('other.png', dataUrl('image/png', PNG))).json().data.id;
    const made = await create();
    await call('POST', 'report', author, {
      payload: { id: made.id, title: made.title, logo_img: logoId },
    });
    await call('POST', 'report/publish', author, { payload: { id: made.id } });
    const token = (await call('POST', 'report/share', author, { payload: { id: made.id } }))
      .json()
      .data.url.split('/share/')[1];
    const shared = (id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/report/shared/imgs/${id}`, query: { token } });
    expect((await shared(logoId)).statusCode).toBe(200);
    expect((await shared(unrelated)).statusCode).toBe(404);
  }, 60_000);

  it('exports a report from its snapshot as a deck and a brief', async () => {
    const made = await create();
    const exported = await call('POST', 'report/export', author, {
      payload: { id: made.id, format: 'pptx' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = await ctx.app.inject({
      method: 'GET',
      url: exported.json().data.url,
      headers: { cookie: author },
    });
    expect(file.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(file.rawPayload);
    const charts = Object.keys(zip.files).filter((name) =>
      /^ppt\/charts\/chart\d+\.xml$/.test(name),
    );
    expect(charts.length).toBeGreaterThan(0);
    const values = (made.aggsData[bar.i]!.data as ListAnswer<NameValue>).list.map((i) => i.value);
    let found = false;
    for (const name of charts) {
      const xml = await zip.file(name)!.async('string');
      const numbers = [...xml.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((m) => Number(m[1]));
      if (values.every((value) => numbers.includes(value)) && xml.includes('<c:barChart>'))
        found = true;
    }
    expect(found).toBe(true);
    const brief = await call('POST', 'report/export', author, {
      payload: { id: made.id, format: 'docx' },
    });
    expect(brief.statusCode, brief.body).toBe(200);
  }, 60_000);

  it('lists built-in and saved themes; members save, admins delete', async () => {
    const saved = await call('POST', 'report/theme', colleague, {
      payload: { name: '品牌红', theme: { colors: ['#C8102E'], bgColor: '#FFFFFF' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = (await call('GET', 'report/theme', colleague)).json().data.list;
    expect(list.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['默认', '商务蓝', '品牌红']),
    );
    const id = saved.json().data.id;
    expect((await call('DELETE', 'report/theme', colleague, { query: { id } })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', 'report/theme', admin, { query: { id } })).statusCode).toBe(200);
    const builtIn = await call('POST', 'report/theme', colleague, {
      payload: { name: '默认', theme: {} },
    });
    expect(builtIn.statusCode).toBe(400);
  });
});
