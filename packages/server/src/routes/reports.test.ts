import { execFileSync } from 'node:child_process';
import JSZip from 'jszip';
import {
  REPORT_IMAGE_MAX_BYTES,
  REPORT_IMAGE_QUOTA,
  REPORT_THEME_QUOTA,
  pageQuery,
  rangeText,
  reportTheme,
  type ListAnswer,
  type NameValue,
  type Dashboard,
  type Report,
} from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoDashboard } from '../seed/demo-dashboard.js';
import { seedDemoPosts } from '../seed/demo-posts.js';
import { DEMO, seedIfEmpty } from '../seed/seed.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';

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
    expect(made.chart_source.range).toBe(rangeText(query, TZ));
    expect(made.chart_source.range).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} – /);
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

  it('shows a member no report of a page they may not read: list, read, export, share', async () => {
    const key = { projectId: project.id, subjectId: '' };
    const republish = async (change: (dashboard: Dashboard) => Dashboard) => {
      const current = (await ctx.store.dashboards.published(key))!.dashboard;
      const revision = (await ctx.store.dashboards.draft(key))?.revision ?? 0;
      await ctx.store.dashboards.saveDraft(key, change(current), revision, null);
      await ctx.store.dashboards.publish(key, null);
      return current;
    };
    const madeFrom = async (cookie: string, page: string) => {
      const answer = await call('POST', 'report', cookie, {
        payload: { title: page, page, query, now },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as Report;
    };
    /** What `cookie` can do with report `id`: listed, read, exported, its links listed, shared. */
    const reach = async (cookie: string, id: string) => ({
      listed: (await call('GET', 'report/list', cookie))
        .json()
        .data.list.some((r: { id: string }) => r.id === id),
      read: (await call('GET', 'report', cookie, { query: { id } })).statusCode,
      exported: (await call('POST', 'report/export', cookie, { payload: { id, format: 'docx' } }))
        .statusCode,
      shares: (await call('GET', 'report/shares', cookie, { query: { id } })).statusCode,
      shared: (await call('POST', 'report/share', cookie, { payload: { id } })).statusCode,
    });
    const hidden = { listed: false, read: 404, exported: 404, shares: 404, shared: 404 };

    // An admin's unpublished draft of the admin-only page 'audit'.
    const audit = await madeFrom(admin, 'audit');
    expect((await call('GET', 'report', colleague, { query: { id: audit.id } })).json().msg).toBe(
      '报告不存在',
    );
    expect(await reach(colleague, audit.id)).toEqual(hidden);
    // Published, still not.
    await call('POST', 'report/publish', admin, { payload: { id: audit.id } });
    expect(await reach(colleague, audit.id)).toEqual(hidden);
    expect(await reach(admin, audit.id)).toEqual({
      listed: true,
      read: 200,
      exported: 200,
      shares: 200,
      shared: 200,
    });

    // A viewer's own report of a page made admins' alone since: not even its author reads it.
    const sentiment = await madeFrom(author, 'sentiment');
    await call('POST', 'report/publish', author, { payload: { id: sentiment.id } });
    expect((await reach(author, sentiment.id)).read).toBe(200);
    const original = await republish((dashboard) => ({
      ...dashboard,
      menu: dashboard.menu.map((item) =>
        item.key === 'sentiment' ? { ...item, adminVisible: true } : item,
      ),
    }));
    try {
      expect(await reach(author, sentiment.id)).toEqual(hidden);
      expect((await reach(admin, sentiment.id)).read).toBe(200);

      // Pages no longer in the menu: a report keeps what its page was when it was made.
      await republish((dashboard) => ({
        ...dashboard,
        menu: dashboard.menu.filter((item) => !['audit', 'sentiment'].includes(item.key)),
      }));
      expect(await reach(colleague, audit.id)).toEqual(hidden);
      expect((await reach(author, sentiment.id)).read).toBe(200);
      expect((await reach(admin, audit.id)).read).toBe(200);
    } finally {
      await republish(() => original);
    }
    expect((await reach(author, sentiment.id)).listed).toBe(true);
  }, 120_000);

  it('shares a published report by a link that opens it alone, counts views, and stops on revoke, expiry or unpublish (for good)', async () => {
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

    // Taking the report back revokes its links: publishing it again revives none.
    await call('POST', 'report/publish', author, { payload: { id: made.id, published: false } });
    expect((await open(token)).json().msg).toBe('报告已取消发布');
    await call('POST', 'report/publish', author, { payload: { id: made.id } });
    const revived = await open(token);
    expect(revived.statusCode).toBe(404);
    expect(revived.json().msg).toBe('分享链接已撤销');
    const listed = (await call('GET', 'report/shares', author, { query: { id: made.id } })).json()
      .data.list;
    expect(listed).toMatchObject([{ id: shares[0].id, revoked: true }]);

    const revokedLink = (await share(made.id)).json().data;
    const revokedToken = revokedLink.url.split('/share/')[1] as string;
    expect((await open(revokedToken)).statusCode).toBe(200);
    await call('POST', 'report/share/revoke', author, { payload: { id: revokedLink.id } });
    const revoked = await open(revokedToken);
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
    // The file is its maker's, and the project admins'.
    const fetchAs = (cookie: string) =>
      ctx.app.inject({ method: 'GET', url: exported.json().data.url, headers: { cookie } });
    const colleagues = await fetchAs(colleague);
    expect(colleagues.statusCode).toBe(403);
    expect(colleagues.json().msg).toBe('没有权限下载该文件');
    expect((await fetchAs(admin)).statusCode).toBe(200);
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

  it('exports a report as a PDF named in Chinese, for members who may read it only', async () => {
    const made = await create();
    const exportAs = (cookie: string) =>
      call('POST', 'report/export', cookie, { payload: { id: made.id, format: 'pdf' } });
    const exported = await exportAs(colleague);
    expect(exported.statusCode, exported.body).toBe(200);
    const file = await ctx.app.inject({
      method: 'GET',
      url: exported.json().data.url,
      headers: { cookie: colleague },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const name = decodeURIComponent(
      String(file.headers['content-disposition']).match(/filename\*=UTF-8''(.*)$/)![1]!,
    );
    expect(name).toMatch(/^星河汽车舆情监测-周报-.+\.pdf$/);
    const text = execFileSync('pdftotext', ['-l', '1', '-', '-'], {
      input: file.rawPayload,
      encoding: 'utf8',
    });
    expect(text).toContain('星河汽车舆情监测 · 周报');
    expect(text).toContain(`时间范围：${made.chart_source.range}`);
    expect((await exportAs(otherMember)).statusCode).toBe(403);
  }, 60_000);

  it('lists built-in and saved themes; a saved name is its owner’s to replace or delete, or an admin’s', async () => {
    const save = (cookie: string, name: string, colors: string[]) =>
      call('POST', 'report/theme', cookie, { payload: { name, theme: { colors } } });
    const themes = async () =>
      (await call('GET', 'report/theme', colleague)).json().data.list as {
        id: string;
        name: string;
        theme: { colors: string[] };
      }[];
    const saved = await save(colleague, '品牌红', ['#C8102E']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await themes()).map((t) => t.name)).toEqual(
      expect.arrayContaining(['默认', '商务蓝', '品牌红']),
    );
    const id = saved.json().data.id;

    // An admin's theme: another member can neither take its name nor delete it.
    const adminTheme = (await save(admin, '管理员蓝', ['#1F4E9E'])).json().data.id;
    const taken = await save(colleague, '管理员蓝', ['#000000']);
    expect(taken.statusCode).toBe(403);
    expect(taken.json().msg).toBe('主题“管理员蓝”由他人保存，只有其保存人或项目管理员可以修改');
    expect((await themes()).find((t) => t.name === '管理员蓝')!.theme.colors).toEqual(['#1F4E9E']);
    const notTheirs = await call('DELETE', 'report/theme', colleague, {
      query: { id: adminTheme },
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().msg).toBe('只能删除自己保存的主题');
    expect((await themes()).map((t) => t.id)).toContain(adminTheme);

    // Its owner replaces it by name and deletes it; an admin replaces and deletes anyone's.
    expect((await save(colleague, '品牌红', ['#AA0000'])).json().data.id).toBe(id);
    expect((await save(author, '品牌红', ['#000000'])).statusCode).toBe(403);
    expect((await save(admin, '品牌红', ['#BB0000'])).statusCode).toBe(200);
    expect((await themes()).find((t) => t.id === id)!.theme.colors).toEqual(['#BB0000']);
    // Replaced by an admin, it stays its saver's.
    expect((await call('DELETE', 'report/theme', colleague, { query: { id } })).statusCode).toBe(
      200,
    );
    const another = (await save(colleague, '品牌绿', ['#00AA00'])).json().data.id;
    expect(
      (await call('DELETE', 'report/theme', admin, { query: { id: another } })).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', 'report/theme', admin, { query: { id: adminTheme } })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', 'report/theme', admin, { query: { id } })).statusCode).toBe(404);
    const builtIn = await call('POST', 'report/theme', colleague, {
      payload: { name: '默认', theme: {} },
    });
    expect(builtIn.statusCode).toBe(400);
  });

  it('deletes an image for its uploader or a project admin only', async () => {
    const upload = async (cookie: string) => {
      const answer = await call('POST', 'report/imgs', cookie, {
        payload: { name: 'logo.png', data: dataUrl('image/png', PNG) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.id as string;
    };
    const remove = (cookie: string, ids: string[]) =>
      call('POST', 'report/delimgs', cookie, { payload: { ids } });
    const exists = async (id: string) =>
      (await call('GET', `report/imgs/${id}`, admin)).statusCode === 200;

    // The image of an admin's report.
    const adminLogo = await upload(admin);
    const adminReport = await create(admin);
    await call('POST', 'report', admin, {
      payload: { id: adminReport.id, title: adminReport.title, logo_img: adminLogo },
    });
    const own = await upload(colleague);
    const refused = await remove(colleague, [own, adminLogo]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('只能删除自己上传的图片');
    expect(await exists(adminLogo)).toBe(true);
    expect(await exists(own)).toBe(true);
    expect(
      (await call('GET', 'report', admin, { query: { id: adminReport.id } })).json().data,
    ).toMatchObject({ logo_img: adminLogo });

    expect((await remove(colleague, [own])).statusCode).toBe(200);
    expect(await exists(own)).toBe(false);
    const authors = await upload(author);
    expect((await remove(admin, [authors, adminLogo])).statusCode).toBe(200);
    expect(await exists(authors)).toBe(false);
    expect(await exists(adminLogo)).toBe(false);
  }, 60_000);

  describe('quotas', () => {
    let quotaProject: BuiltProject;
    const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
    const upload = (cookie: string, bytes = PNG) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/report/imgs',
        query: scopeQuery(quotaProject),
        headers: { cookie },
        payload: { name: 'a.png', data: dataUrl('image/png', bytes) },
      });
    const saveTheme = (cookie: string, name: string, theme: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/report/theme',
        query: scopeQuery(quotaProject),
        headers: { cookie },
        payload: { name, theme },
      });
    const join = async () => {
      const user = await buildUser(ctx.store, { project: quotaProject, role: 'viewer' });
      return { id: user.id, cookie: (await signIn(ctx.app, user, quotaProject)).cookie };
    };
    const admitAll = () => {};

    beforeAll(async () => {
      quotaProject = await buildProject(ctx.store);
    });

    it('refuses a member more images than their count quota, naming it; deleting one makes room', async () => {
      const { count } = REPORT_IMAGE_QUOTA.perUser;
      const viewer = await join();
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const answer = await upload(viewer.cookie);
        expect(answer.statusCode, answer.body).toBe(200);
        ids.push(answer.json().data.id);
      }
      const refused = await upload(viewer.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(
        `报告图片数量已达上限：每人最多 ${count} 张，请先删除不再使用的图片`,
      );
      // Another member's quota is their own.
      expect((await upload((await join()).cookie)).statusCode).toBe(200);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/report/delimgs',
        query: scopeQuery(quotaProject),
        headers: { cookie: viewer.cookie },
        payload: { ids: ids.slice(0, 1) },
      });
      expect((await upload(viewer.cookie)).statusCode).toBe(200);
    }, 120_000);

    it('refuses a member more image bytes than their quota, and uploads at once pass it never', async () => {
      const { bytes } = REPORT_IMAGE_QUOTA.perUser;
      const viewer = await join();
      const largest = png(REPORT_IMAGE_MAX_BYTES);
      const fit = Math.floor(bytes / REPORT_IMAGE_MAX_BYTES) - 2;
      for (let i = 0; i < fit; i++)
        await ctx.store.reports.addImage(
          quotaProject.id,
          viewer.id,
          { name: 'a.png', type: 'image/png', bytes: largest },
          admitAll,
        );
      // Four at once with room for two.
      const answers = await Promise.all([1, 2, 3, 4].map(() => upload(viewer.cookie, largest)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(refused.json().msg).toBe(
        `报告图片总大小超出上限：每人最多 20 MB（已用 20 MB），请先删除不再使用的图片`,
      );
      const stored = await ctx.store.reports.images(quotaProject.id);
      expect(stored.filter((image) => image.size === REPORT_IMAGE_MAX_BYTES)).toHaveLength(fit + 2);
    }, 120_000);

    it('refuses an image past the project count quota, naming it', async () => {
      const { count } = REPORT_IMAGE_QUOTA.perProject;
      const perUser = REPORT_IMAGE_QUOTA.perUser.count;
      let held = (await ctx.store.reports.images(quotaProject.id)).length;
      while (held < count) {
        const { id } = await buildUser(ctx.store, { project: quotaProject });
        for (let i = 0; i < perUser && held < count; i++, held++)
          await ctx.store.reports.addImage(
            quotaProject.id,
            id,
            { name: 'a.png', type: 'image/png', bytes: PNG },
            admitAll,
          );
      }
      const refused = await upload((await join()).cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(
        `本项目报告图片数量已达上限：每个项目最多 ${count} 张，请联系项目管理员清理`,
      );
    }, 120_000);

    it('refuses themes past a member’s count and bytes quotas and the project’s count, naming them; replacing one’s own fits', async () => {
      const { count } = REPORT_THEME_QUOTA.perUser;
      const viewer = await join();
      for (let i = 0; i < count; i++)
        expect((await saveTheme(viewer.cookie, `主题${i}`)).statusCode).toBe(200);
      const refused = await saveTheme(viewer.cookie, '再一个');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(
        `报告主题数量已达上限：每人最多 ${count} 个，请先删除不再使用的主题`,
      );
      expect((await saveTheme(viewer.cookie, '主题0', { bgColor: '#FFFFFF' })).statusCode).toBe(
        200,
      );

      // The largest theme the schema takes: 50 named colours of 100 characters.
      const large = {
        colors: Array.from({ length: 20 }, () => '#123456'),
        colorMap: Array.from({ length: 50 }, (_, i) => ({
          name: `${i}`.padStart(100, '色'),
          value: '#654321',
        })),
      };
      const size = Buffer.byteLength(JSON.stringify(reportTheme.parse(large)));
      const fit = Math.floor(REPORT_THEME_QUOTA.perUser.bytes / size);
      const big = await join();
      for (let i = 0; i < fit; i++)
        expect((await saveTheme(big.cookie, `大主题${i}`, large)).statusCode).toBe(200);
      const tooBig = await saveTheme(big.cookie, '大主题', large);
      expect(tooBig.statusCode).toBe(409);
      expect(tooBig.json().msg).toMatch(
        /^报告主题总大小超出上限：每人最多 64 KB（已用 [\d.]+ KB），请先删除不再使用的主题$/,
      );

      const project = REPORT_THEME_QUOTA.perProject.count;
      let held = (await ctx.store.reports.themes(quotaProject.id)).length;
      while (held < project) {
        const { id } = await buildUser(ctx.store, { project: quotaProject });
        for (let i = 0; i < count && held < project; i++, held++)
          await ctx.store.reports.saveTheme(
            quotaProject.id,
            id,
            `${id}-${i}`,
            reportTheme.parse({}),
            admitAll,
          );
      }
      const full = await saveTheme((await join()).cookie, '项目满了');
      expect(full.statusCode).toBe(409);
      expect(full.json().msg).toBe(
        `本项目报告主题数量已达上限：每个项目最多 ${project} 个，请联系项目管理员清理`,
      );
    }, 120_000);
  });
});
