import { existsSync } from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import {
  EXPORT_MESSAGES,
  OFFLINE_DOWNLOAD_THRESHOLD,
  pageQuery,
  type ListAnswer,
  type NameValue,
  type TrendAnswer,
} from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDashboard } from '../seed/demo-dashboard.js';
import { seedDemoPosts } from '../seed/demo-posts.js';
import { DEMO, seedIfEmpty } from '../seed/seed.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { dataUrl, templateFile, testPng } from '../../test/template-files.js';

const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;

/** Every series' values of every chart part of a deck, in the order the charts were added. */
async function deckSeries(pptx: Buffer): Promise<number[][][]> {
  const zip = await JSZip.loadAsync(pptx);
  const names = Object.keys(zip.files)
    .filter((name) => /^ppt\/charts\/chart\d+\.xml$/.test(name))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  const charts: number[][][] = [];
  for (const name of names) {
    const xml = await zip.file(name)!.async('string');
    const series = [...xml.matchAll(/<c:ser>([\s\S]*?)<\/c:ser>/g)].map((ser) => {
      const val = ser[1]!.match(/<c:val>([\s\S]*?)<\/c:val>/)![1]!;
      return [...val.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => Number(v[1]));
    });
    charts.push(series);
  }
  return charts;
}

describe('exports', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let viewer: string;
  let otherViewer: string;
  let admin: string;
  let outsider: string;
  let otherMember: string;
  const now = Date.now();
  const overview = demoDashboard.pages.overview!;
  const query = { ...pageQuery(overview, now, TZ), start: now - 30 * DAY, end: now };

  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    await ctx.app.ready();
    await seedIfEmpty(ctx.store);
    const record = (await ctx.store.tenancy.findProject(DEMO))!;
    project = { id: record.id, ...DEMO };
    await seedDemoPosts(ctx.store, ctx.engine, ctx.importer, 3000);
    viewer = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'viewer' })))
      .cookie;
    otherViewer = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'viewer' })))
      .cookie;
    admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' }))).cookie;
    outsider = (await signIn(ctx.app, await buildUser(ctx.store))).cookie;
    const other = await buildProject(ctx.store);
    otherMember = (
      await signIn(ctx.app, await buildUser(ctx.store, { project: other, role: 'admin' }), other)
    ).cookie;
  }, 300_000);
  afterAll(() => ctx.close());

  const post = (url: string, cookie: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      query: scopeQuery(project),
      headers: { cookie },
      payload,
    });
  const get = (url: string, cookie: string, query?: Record<string, string>) =>
    ctx.app.inject({
      method: 'GET',
      url: url.startsWith('/') ? url : `/api/v1/${url}`,
      ...(query && { query }),
      headers: { cookie },
    });

  it('builds a deck whose native chart series are the page_data numbers', async () => {
    const answer = await post('customlay/dashdata', viewer, { page: 'overview', query, now });
    expect(answer.statusCode, answer.body).toBe(200);
    const { status, downloadUrl } = answer.json().data;
    expect(status).toBe('ok');
    const file = await get(downloadUrl, viewer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename\*=UTF-8''.*\.pptx$/);
    const series = await deckSeries(file.rawPayload);

    const data = (await post('page_data', viewer, { page: 'overview', query, now })).json().data
      .widgets as Record<string, { data: unknown }>;
    const byType = (type: string) => overview.charts.find((chart) => chart.type === type)!;
    const trend = data[byType('lines').i]!.data as TrendAnswer;
    const pie = data[byType('pie').i]!.data as ListAnswer<NameValue>;
    const bar = data[byType('bar').i]!.data as ListAnswer<NameValue>;
    const chartsInOrder = [...overview.charts]
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .filter((c) =>
        ['lines', 'pie', 'bar', 'area-stack', 'compare-bar', 'stack-bar'].includes(c.type),
      );
    const at = (type: string) => chartsInOrder.findIndex((chart) => chart.type === type);
    expect(series.length).toBe(chartsInOrder.length);
    const times = [...new Set(trend.list.map((point) => point.time))].sort((a, b) => a - b);
    expect(series[at('lines')]![0]).toEqual(
      times.map((time) => trend.list.find((point) => point.time === time)!.value),
    );
    expect(series[at('pie')]![0]).toEqual(pie.list.map((item) => item.value));
    expect(series[at('bar')]![0]).toEqual(bar.list.map((item) => item.value));
    expect(bar.list.reduce((sum, item) => sum + item.value, 0)).toBeGreaterThan(0);
  }, 60_000);

  it('writes a Word brief with a heading and a table per widget', async () => {
    const answer = await post('api/r11zt/jdata', viewer, { page: 'overview', query, now });
    expect(answer.statusCode, answer.body).toBe(200);
    const file = await get(answer.json().data.url, viewer);
    expect(file.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(file.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('<w:tbl>');
    for (const title of ['核心指标', '声量走势', '媒体平台分布', '活跃作者'])
      expect(xml).toContain(title);
    expect(Object.keys(zip.files).some((name) => name.startsWith('word/media/'))).toBe(true);
    expect(Object.keys(zip.files).some((name) => name.startsWith('word/footer'))).toBe(true);
  }, 60_000);

  it('writes a PDF of the page for a viewer, named in Chinese; refuses a non-member', async () => {
    const answer = await post('export/pdf', viewer, { page: 'overview', query, now });
    expect(answer.statusCode, answer.body).toBe(200);
    const file = await get(answer.json().data.url, viewer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const name = decodeURIComponent(
      String(file.headers['content-disposition']).match(/filename\*=UTF-8''(.*)$/)![1]!,
    );
    expect(name).toMatch(/^星河汽车舆情监测-.+\.pdf$/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const cookie of [outsider, otherMember]) {
      const refused = await post('export/pdf', cookie, { page: 'overview', query, now });
      expect(refused.statusCode).toBe(403);
      expect((await get(answer.json().data.url, cookie)).statusCode).toBe(403);
    }
  }, 60_000);

  it('lists the templates of a project by path', async () => {
    const answer = await get(
      `customlay/tmpls/${project.repository}/${project.customer}/${project.project}`,
      viewer,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.map((t: { id: string }) => t.id)).toContain('default');
    const refused = await get(
      `api/r11zt/tmpls/${project.repository}/${project.customer}/${project.project}`,
      outsider,
    );
    expect(refused.statusCode).toBe(403);
    const unknown = await post('customlay/dashdata', viewer, {
      page: 'overview',
      query,
      template: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('template');
  });

  describe('uploaded templates', () => {
    const COLORS = ['C00000', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47'];
    const logo = testPng(240, 60);
    const pathOf = (kind: 'pptx' | 'docx') =>
      `${kind === 'pptx' ? 'customlay' : 'api/r11zt'}/tmpls/${project.repository}/${project.customer}/${project.project}`;
    const upload = (kind: 'pptx' | 'docx', cookie: string, data: string, name = '品牌模板') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/${pathOf(kind)}`,
        headers: { cookie },
        payload: { name, data },
      });
    const remove = (kind: 'pptx' | 'docx', cookie: string, id: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/${pathOf(kind)}`,
        query: { id },
        headers: { cookie },
      });
    const listed = async (kind: 'pptx' | 'docx') =>
      ((await get(pathOf(kind), viewer)).json().data as { id: string; logo?: string }[]).map(
        (template) => template.id,
      );
    const entries = async (file: Buffer, pattern: RegExp) => {
      const zip = await JSZip.loadAsync(file);
      const names = Object.keys(zip.files).filter(
        (name) => pattern.test(name) && !zip.files[name]!.dir,
      );
      return Promise.all(names.map(async (name) => zip.file(name)!.async('nodebuffer')));
    };

    it('lets admins only upload and remove them', async () => {
      const file = dataUrl(await templateFile('pptx', { colors: COLORS, logo }));
      expect((await upload('pptx', viewer, file)).statusCode).toBe(403);
      const wrong = await upload('pptx', admin, dataUrl(Buffer.from('plain text, not a deck')));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().msg).toContain('模板文件须为 .pptx');

      const answer = await upload('pptx', admin, file);
      expect(answer.statusCode, answer.body).toBe(200);
      const template = answer.json().data;
      expect(template).toMatchObject({ name: '品牌模板', builtIn: false, accent: 'C00000' });
      expect(template.colors).toEqual(COLORS);
      expect(await listed('pptx')).toEqual(['default', 'business', 'fresh', template.id]);
      expect(await listed('docx')).not.toContain(template.id);

      const image = await get(template.logo, viewer);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(logo)).toBe(true);
      expect((await get(template.logo, outsider)).statusCode).toBe(403);

      expect((await remove('pptx', viewer, template.id)).statusCode).toBe(403);
      expect((await remove('docx', admin, template.id)).statusCode).toBe(404);
      expect((await remove('pptx', admin, 'default')).statusCode).toBe(400);
      expect((await remove('pptx', admin, template.id)).statusCode).toBe(200);
      expect(await listed('pptx')).not.toContain(template.id);
      const gone = await post('customlay/dashdata', viewer, {
        page: 'overview',
        query,
        now,
        template: template.id,
      });
      expect(gone.statusCode).toBe(400);
      expect(gone.json().msg).toBe(`template: 模板 ${template.id} 不存在`);
    });

    it("draws a deck with an uploaded template's colours and logo", async () => {
      const file = dataUrl(await templateFile('pptx', { colors: COLORS, logo }));
      const { id } = (await upload('pptx', admin, file)).json().data;
      const answer = await post('customlay/dashdata', viewer, {
        page: 'overview',
        query,
        now,
        template: id,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const deck = (await get(answer.json().data.downloadUrl, viewer)).rawPayload;
      const media = await entries(deck, /^ppt\/media\//);
      expect(media.some((bytes) => bytes.equals(logo))).toBe(true);
      const charts = (await entries(deck, /^ppt\/charts\/chart\d+\.xml$/)).map(String);
      expect(charts.length).toBeGreaterThan(0);
      expect(charts.some((xml) => xml.includes('<a:srgbClr val="C00000"'))).toBe(true);
      expect(charts.some((xml) => xml.includes('<a:srgbClr val="ED7D31"'))).toBe(true);
      // A Word export does not take a slide template.
      const word = await post('api/r11zt/jdata', viewer, { page: 'overview', query, template: id });
      expect(word.statusCode).toBe(400);
    }, 60_000);

    it("puts a Word template's logo in the brief's header", async () => {
      const file = dataUrl(await templateFile('docx', { colors: COLORS, logo }));
      const { id } = (await upload('docx', admin, file, 'Word 模板')).json().data;
      expect(await listed('docx')).toContain(id);
      const answer = await post('api/r11zt/jdata', viewer, {
        page: 'overview',
        query,
        now,
        template: id,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const brief = (await get(answer.json().data.url, viewer)).rawPayload;
      const media = await entries(brief, /^word\/media\//);
      expect(media.some((bytes) => bytes.equals(logo))).toBe(true);
      const headers = (await entries(brief, /^word\/header\d*\.xml$/)).map(String);
      expect(headers.some((xml) => xml.includes('<pic:pic'))).toBe(true);
      const styles = String((await entries(brief, /^word\/styles\.xml$/))[0]);
      expect(styles).toContain('C00000');
    }, 60_000);
  });

  const information = demoDashboard.pages.information!;
  const postsQuery = (days: number) => ({
    ...pageQuery(information, now, TZ),
    start: now - days * DAY,
    end: now,
  });
  const totalOf = async (days: number) => {
    const search = information.charts.find((chart) => chart.type === 'search-post')!;
    const page = await post('page_data', viewer, {
      page: 'information',
      query: postsQuery(days),
      now,
    });
    return (page.json().data.widgets[search.i].data as { page: { total: number } }).page.total;
  };

  it('answers up to 2000 posts as an xlsx with the header row and every row of the query', async () => {
    let days = 3;
    while ((await totalOf(days)) < 5) days *= 2;
    const total = await totalOf(days);
    expect(total).toBeLessThanOrEqual(OFFLINE_DOWNLOAD_THRESHOLD);
    const answer = await post('download/addJob', viewer, {
      page: 'information',
      query: postsQuery(days),
      now,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['查询条件', '文章']);
    const sheet = workbook.getWorksheet('文章')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('发布时间');
    expect(sheet.getRow(1).getCell(2).value).toBe('平台');
    expect(sheet.rowCount - 1).toBe(total);
  }, 60_000);

  it('writes CSV with a BOM', async () => {
    const answer = await post('download/addJob', viewer, {
      page: 'information',
      query: postsQuery(2),
      now,
      format: 'csv',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.body.slice(1).split('\r\n')[0]).toMatch(/^发布时间,平台,/);
  });

  it('refuses an Excel download of a page without a post widget', async () => {
    const answer = await post('download/addJob', viewer, { page: 'overview', query, now });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().msg).toBe(EXPORT_MESSAGES.excelNeedsPosts);
  });

  it('makes more than 2000 posts an offline job that reaches done; its file is its maker’s and the project admins’, and goes with the job', async () => {
    const days = 365 * 3;
    const total = await totalOf(days);
    expect(total).toBeGreaterThan(OFFLINE_DOWNLOAD_THRESHOLD);
    const answer = await post('download/addJob', viewer, {
      page: 'information',
      query: postsQuery(days),
      now,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ suc: true, msg: EXPORT_MESSAGES.offline });
    const { jobId } = answer.json().data;

    let job: { status: string; rows: number; total: number; size?: number } | undefined;
    for (let tries = 0; tries < 200; tries++) {
      const list = (await get('download/jobList', viewer, scopeQuery(project))).json().data.list;
      job = list.find((entry: { id: string }) => entry.id === jobId);
      if (job?.status === 'done' || job?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job).toMatchObject({ status: 'done', rows: total, total });
    expect(job!.size).toBeGreaterThan(0);

    const file = await get('download/file', viewer, { ...scopeQuery(project), id: jobId });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('文章')!.rowCount - 1).toBe(total);

    const other = await get('download/file', otherMember, { ...scopeQuery(project), id: jobId });
    expect(other.statusCode).toBe(403);
    // Another viewer of the project neither lists nor fetches it; an admin does both.
    const listed = async (cookie: string) =>
      (
        (await get('download/jobList', cookie, scopeQuery(project))).json().data.list as {
          id: string;
        }[]
      ).some((entry) => entry.id === jobId);
    const colleague = await get('download/file', otherViewer, {
      ...scopeQuery(project),
      id: jobId,
    });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().msg).toBe('没有权限下载该文件');
    expect(await listed(otherViewer)).toBe(false);
    expect(await listed(viewer)).toBe(true);
    expect(await listed(admin)).toBe(true);
    const adminFile = await get('download/file', admin, { ...scopeQuery(project), id: jobId });
    expect(adminFile.statusCode).toBe(200);
    expect(adminFile.rawPayload).toEqual(file.rawPayload);

    const row = (await ctx.store.downloadJobs.find(jobId))!;
    const path = ctx.app.exportFiles.pathOf(row.file!);
    expect(existsSync(path)).toBe(true);
    const removed = await post('download/removeJob', viewer, { id: jobId });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ctx.store.downloadJobs.find(jobId)).toBeUndefined();
    const gone = await get('download/file', viewer, { ...scopeQuery(project), id: jobId });
    expect(gone.statusCode).toBe(403);
    expect(existsSync(path)).toBe(false);
  }, 120_000);
});
