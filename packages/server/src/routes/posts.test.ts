import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';

const line = (post: Record<string, unknown>) => JSON.stringify(post);

describe('POST /posts/import and POST /search', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let admin: string;
  let viewer: string;
  let outsider: string;

  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    project = await buildProject(ctx.store, { profile: { discard_word: ['转发微博'] } });
    const other = await buildProject(ctx.store);
    admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' }))).cookie;
    viewer = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'viewer' })))
      .cookie;
    outsider = (
      await signIn(ctx.app, await buildUser(ctx.store, { project: other, role: 'admin' }))
    ).cookie;
  });
  afterAll(() => ctx.close());

  const importBody = (
    body: string,
    cookie: string,
    type = 'application/x-ndjson',
    strict = false,
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts/import',
      query: { ...scopeQuery(project), ...(strict ? { strict: 'true' } : {}) },
      headers: { cookie, 'content-type': type },
      payload: body,
    });

  const search = (body: Record<string, unknown>, cookie = viewer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/search',
      query: scopeQuery(project),
      headers: { cookie },
      payload: body,
    });

  it('imports JSONL, reports bad rows by line and field, and enriches what is missing', async () => {
    const body = [
      line({
        _id: 'a1',
        created: '2024-05-01T08:00:00',
        title: '星河S7 续航表现非常好',
        text: '很满意，推荐购买',
        location: '广东 深圳',
        topic_paths: ['/话题/产品口碑/续航'],
        like_num: 5,
      }),
      line({
        _id: 'a2',
        created: 1714550400000,
        text: '售后服务太差了，再也不买了',
        media_platform: 'Weibo',
      }),
      '{not json',
      line({ _id: 'a3', created: 'yesterday' }),
      line({ _id: 'a4', created: 1714550400000, like_num: -1 }),
      line({
        _id: 'a1',
        created: '2024-05-01T09:00:00',
        title: '星河S7 续航表现非常好',
        text: '很满意，推荐购买，转发微博',
        location: '广东 深圳',
        topic_paths: ['/话题/产品口碑/续航'],
      }),
    ].join('\n');
    const response = await importBody(body, admin);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ imported: 2, replaced: 1, rejected: 3 });
    expect(data.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [3, ''],
      [4, 'created'],
      [5, 'like_num'],
    ]);

    const list = (await search({ sort: 'created asc' })).json().data.list;
    expect(list.map((p: { _id: string }) => p._id)).toEqual(['a1', 'a2']);
    const a1 = list[0];
    // No zone: wall-clock time in the project's zone (Asia/Shanghai, UTC+8).
    expect(a1.created).toBe(Date.UTC(2024, 4, 1, 1));
    expect(a1.topic_paths).toEqual(['/话题', '/话题/产品口碑', '/话题/产品口碑/续航']);
    expect(a1.province).toBe('广东');
    expect(a1.tendency).toBe('正面');
    expect(list[1].tendency).toBe('负面');
    // The project's discard word 转发微博 is left out of word clouds, though jieba splits it.
    const words = (await search({ aggs: 'common_words' })).json().data.list;
    const names = words.map((word: { name: string }) => word.name);
    expect(names).toEqual(expect.arrayContaining(['星河', '续航', '满意']));
    expect(names).not.toEqual(expect.arrayContaining(['转发']));
    expect(names).not.toEqual(expect.arrayContaining(['微博']));
  });

  it('imports CSV with list cells', async () => {
    const csv = [
      '_id,created,title,brand_paths,like_num',
      'c1,2024-05-02T10:00:00+08:00,星河汽车发布会,/品牌/星河汽车|/品牌/竞品A,7',
    ].join('\n');
    const response = await importBody(csv, admin, 'text/csv');
    expect(response.json().data).toMatchObject({ imported: 1, rejected: 0 });
    const hit = (await search({ q: 'title:发布会' })).json().data.list[0];
    expect(hit.brand_paths).toEqual(['/品牌', '/品牌/星河汽车', '/品牌/竞品A']);
    expect(hit.like_num).toBe(7);
  });

  it('keeps the good rows around rows nested 100,000 levels deep, JSON lines or CSV', async () => {
    // A project of its own: the other tests count this one's posts.
    const own = await buildProject(ctx.store);
    const cookie = (
      await signIn(ctx.app, await buildUser(ctx.store, { project: own, role: 'admin' }))
    ).cookie;
    const send = (payload: string, type = 'application/x-ndjson') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/posts/import',
        query: scopeQuery(own),
        headers: { cookie, 'content-type': type },
        payload,
      });
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const jsonl = [
      line({ _id: 'd1', created: 1714550400000 }),
      `{"_id":"d2","created":1714550400000,"kg_infos":${deep}}`,
      line({ _id: 'd3', created: 1714550400000 }),
    ].join('\n');
    const fromJson = await send(jsonl);
    expect(fromJson.statusCode, fromJson.body).toBe(200);
    expect(fromJson.json().data).toMatchObject({
      imported: 2,
      rejected: 1,
      errors: [{ line: 2, field: '', message: '嵌套层级过深' }],
    });
    const csv = ['_id,created,kg_infos', `d4,1714550400000,"${deep.replaceAll('"', '""')}"`];
    const fromCsv = await send([...csv, 'd5,1714550400000,'].join('\n'), 'text/csv');
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
    expect(fromCsv.json().data).toMatchObject({
      imported: 1,
      rejected: 1,
      errors: [{ line: 2, message: '嵌套层级过深' }],
    });
  });

  it('rejects a whole strict import on one bad row, writing nothing', async () => {
    const before = (await search({})).json().data.total;
    const body = [line({ _id: 's1', created: 1714550400000 }), line({ _id: 's2' })].join('\n');
    const response = await importBody(body, admin, 'application/x-ndjson', true);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('第 2 行 created: 缺少发布时间');
    expect((await search({})).json().data.total).toBe(before);
  });

  it('answers an unreadable CSV with 400 naming the line', async () => {
    const unclosed = await importBody('_id,title\na1,"星河\n', admin, 'text/csv');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().msg).toBe('第 2 行: CSV 格式错误，引号没有闭合');
    const ragged = await importBody('_id,title\na1,b,c\n', admin, 'text/csv');
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json().msg).toBe('第 2 行: CSV 格式错误，列数与表头不一致');
  });

  it('imports an xlsx upload, and answers a file that is no xlsx with 400 saying so', async () => {
    const own = await buildProject(ctx.store);
    const cookie = (
      await signIn(ctx.app, await buildUser(ctx.store, { project: own, role: 'admin' }))
    ).cookie;
    const upload = (file: Buffer, filename: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/posts/import',
        query: scopeQuery(own),
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=b' },
        payload: Buffer.concat([
          Buffer.from(
            `--b\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          file,
          Buffer.from('\r\n--b--\r\n'),
        ]),
      });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('文章');
    sheet.addRow(['帖子ID', '发布时间', '平台', '标题', '点赞数']);
    sheet.addRow(['x1', '2024-05-02 10:00:00', '微博', '星河汽车发布会', 7]);
    const imported = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), '文章.xlsx');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ imported: 1, rejected: 0 });
    const notXlsx = await upload(Buffer.from('_id,created\n'), 'posts.xlsx');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().msg).toMatch(/^xlsx: 文件无法读取，不是有效的 xlsx 文件/);
  });

  it('answers a multipart body without a boundary, or cut off, with 400', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const response = await importBody('--x\r\n', admin, type);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(/^file: 无法读取上传的文件/);
    }
    const cutOff = [
      '--b',
      'Content-Disposition: form-data; name="file"; filename="posts.csv"',
      'Content-Type: text/csv',
      '',
      '_id,title',
      'a1,星河',
    ].join('\r\n');
    const response = await importBody(cutOff, admin, 'multipart/form-data; boundary=b');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^file: /);
  });

  it('lets only project admins import, and only members search', async () => {
    expect((await importBody(line({ _id: 'x', created: 1 }), viewer)).statusCode).toBe(403);
    expect((await importBody(line({ _id: 'x', created: 1 }), outsider)).statusCode).toBe(403);
    expect((await search({}, outsider)).statusCode).toBe(403);
    expect((await search({}, '')).statusCode).toBe(401);
    expect((await importBody('x', admin, 'application/xml')).statusCode).toBe(415);
  });

  it('answers the aggregation catalog', async () => {
    const top = (
      await search({ aggs: 'common_top5', field: 'topic_paths', topic_paths: ['/话题/产品口碑'] })
    ).json().data;
    // Level = depth of the selected path - 1: the selection's own level.
    expect(top.list).toEqual([{ name: '/话题/产品口碑', value: 1 }]);
    const stats = (
      await search({
        aggs: 'common_statistics',
        start: Date.UTC(2024, 4, 1),
        end: Date.UTC(2024, 4, 3),
      })
    ).json().data;
    expect(stats.current.volume).toBe(3);
    expect(stats.previous.volume).toBe(0);
    const trend = (
      await search({
        aggs: 'common_trend',
        interval: 'day',
        start: Date.UTC(2024, 3, 30, 16),
        end: Date.UTC(2024, 4, 3, 16),
      })
    ).json().data;
    expect(trend.list.map((p: { value: number }) => p.value)).toEqual([2, 1, 0]);
    const hot = (await search({ aggs: 'common_hot_posts', size: 20, page: 10 })).json().data;
    expect(hot).toMatchObject({ list: [], total: 3 });
    const bad = await search({ aggs: 'common_terms' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('field: 该聚合需要指定字段');
  });

  it("groups a trend by path series at the selected path's level, or at the level asked", async () => {
    const names = async (body: Record<string, unknown>) =>
      (
        await search({
          aggs: 'common_trend',
          interval: 'day',
          series: 'topic_paths',
          start: Date.UTC(2024, 3, 30, 16),
          end: Date.UTC(2024, 4, 1, 16),
          ...body,
        })
      )
        .json()
        .data.list.map((point: { name: string }) => point.name);
    expect(await names({})).toEqual(['/话题']);
    expect(await names({ topic_paths: ['/话题/产品口碑'] })).toEqual(['/话题/产品口碑']);
    expect(await names({ level: 2 })).toEqual(['/话题/产品口碑/续航']);
  });

  it('answers a bad keyword expression with 400 and its position', async () => {
    const response = await search({ q: '星河 (续航' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('q: 第 7 个字符处缺少右括号');
  });
});
