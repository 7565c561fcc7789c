import {
  CORRECTIONS_API,
  SENTIMENTS,
  SENTIMENT_EVAL_MAX_ROWS,
  correctionMarksOf,
  type Post,
} from '@yuqing/core';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/engines.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { testStoreKinds } from '../../test/stores.js';

type Label = (typeof SENTIMENTS)[number];

const CREATED = Date.UTC(2024, 4, 1);
const REPEATED =
  '星河S7 今日正式上市，官方指导价 22.98 万元起，新车提供三种配置，续航最高可达 650 公里，首批车主将于下月提车。';
const ROWS = [
  { _id: 'c1', created: CREATED, text: '这款车太好了，非常满意，推荐大家购买' },
  { _id: 'c2', created: CREATED + 1, text: '质量太差了，非常失望，再也不买了' },
  { _id: 'c3', created: CREATED + 2, text: '今天去公园散步', water_post: 'YES' },
  { _id: 'c4', created: CREATED + 3, title: '=HYPERLINK("http://x")', text: '一般般吧' },
  // The import finds c6 a near duplicate of c5.
  { _id: 'c5', created: CREATED + 4, text: REPEATED },
  { _id: 'c6', created: CREATED + 5, text: `${REPEATED}！` },
];
const lines = (rows: readonly object[]) => rows.map((row) => JSON.stringify(row)).join('\n');

const combinations = testStoreKinds().flatMap((store) =>
  TEST_ENGINES.map((engine) => [store, engine] as const),
);

describe.each(combinations)('corrections of posts on %s and %s', (storeKind, engineKind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let admin: { cookie: string; username: string };
  let viewer: { cookie: string; username: string };
  let outsider: string;

  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie: string,
    payload?: object,
    query: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      query: { ...scopeQuery(project), ...query },
      headers: cookie ? { cookie } : {},
      ...(payload && { payload }),
    });
  const importRows = async (rows: readonly object[]) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts/import',
      query: scopeQuery(project),
      headers: { cookie: admin.cookie, 'content-type': 'application/x-ndjson' },
      payload: lines(rows),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const tendencies = async (): Promise<Record<string, number>> => {
    const response = await call('POST', '/search', viewer.cookie, {
      aggs: 'common_terms',
      field: 'tendency',
      size: 10,
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data.list as { name: string; value: number }[];
    return Object.fromEntries(list.map(({ name, value }) => [name, value]));
  };
  const posts = async (query: object = {}): Promise<{ list: Post[]; total: number }> => {
    const response = await call('POST', '/search', viewer.cookie, {
      aggs: 'common_articles_page',
      size: 50,
      ...query,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const post = async (id: string) => (await posts()).list.find((listed) => listed._id === id)!;
  const correct = (cookie: string, payload: object) =>
    call('POST', CORRECTIONS_API.correct, cookie, payload);
  const other = (label: string): Label => (label === '负面' ? '正面' : '负面');

  beforeAll(async () => {
    ctx = await openTestApp(storeKind, {}, { engine: engineKind });
    project = await buildProject(ctx.store);
    const member = async (role: 'admin' | 'viewer') => {
      const user = await buildUser(ctx.store, { project, role });
      return { cookie: (await signIn(ctx.app, user)).cookie, username: user.username };
    };
    admin = await member('admin');
    viewer = await member('viewer');
    const elsewhere = await buildProject(ctx.store);
    outsider = (await signIn(ctx.app, await buildUser(ctx.store, { project: elsewhere }))).cookie;
    await importRows(ROWS);
  }, 120_000);
  afterAll(() => ctx.close());

  it('lets a member correct a sentiment: stored, counted by every widget, marked, audited', async () => {
    const before = await tendencies();
    const machine = (await post('c1')).tendency;
    expect(SENTIMENTS).toContain(machine);
    const chosen = other(machine);

    const response = await correct(viewer.cookie, {
      _id: 'c1',
      field: 'sentiment',
      value: chosen,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data;
    expect(answer.correction).toMatchObject({
      postId: 'c1',
      field: 'sentiment',
      machineValue: machine,
      personValue: chosen,
      by: viewer.username,
    });
    expect(answer.post).toMatchObject({ _id: 'c1', tendency: chosen });
    expect(answer.post.corrected.sentiment.by).toBe(viewer.username);

    const after = await tendencies();
    expect(after[chosen]).toBe((before[chosen] ?? 0) + 1);
    expect(after[machine] ?? 0).toBe(before[machine]! - 1);
    const listed = await post('c1');
    expect(listed.tendency).toBe(chosen);
    expect(correctionMarksOf(listed)?.sentiment).toEqual(answer.post.corrected.sentiment);
    // The statistics widget counts it too.
    const statistics = await call('POST', '/search', viewer.cookie, {
      aggs: 'common_statistics',
      start: CREATED - 1000,
      end: CREATED + 1000,
    });
    expect(statistics.json().data.current.tendency[chosen]).toBe(after[chosen]);

    const { items } = await ctx.store.auditLog.page({ page: 1, size: 50 });
    const entry = items.find((item) => item.action === 'post.correct_sentiment');
    expect(entry).toMatchObject({
      actorName: viewer.username,
      targetType: 'post',
      targetId: 'c1',
      projectId: project.id,
      details: { tendency: { from: machine, to: chosen } },
    });
  });

  it('clears a duplicate mark, so a denoised count includes the post', async () => {
    const denoised = async () => (await posts({ denoise: 'NO' })).total;
    const before = await denoised();
    expect((await post('c3')).water_post).toBe('YES');
    const response = await correct(viewer.cookie, { _id: 'c3', field: 'duplicate' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.correction).toMatchObject({
      machineValue: 'YES',
      personValue: 'NO',
    });
    expect(await denoised()).toBe(before + 1);
    const listed = await post('c3');
    expect(listed.water_post).toBe('NO');
    expect(correctionMarksOf(listed)?.duplicate?.by).toBe(viewer.username);

    // A duplicate the import found loses the post it was said to repeat, too.
    expect(await post('c6')).toMatchObject({ water_post: 'YES', duplicate_of: 'c5' });
    expect((await correct(admin.cookie, { _id: 'c6', field: 'duplicate' })).statusCode).toBe(200);
    const cleared = await post('c6');
    expect(cleared.water_post).toBe('NO');
    expect(cleared.duplicate_of).toBeUndefined();
    expect(await denoised()).toBe(before + 2);
  });

  it('keeps corrections through a re-import of the same _ids and a re-tag', async () => {
    const chosen = (await post('c1')).tendency;
    const counts = await tendencies();
    const report = await importRows(ROWS.filter((row) => row._id !== 'c4'));
    expect(report).toMatchObject({ replaced: 5 });
    expect(await tendencies()).toEqual(counts);
    const reimported = await post('c1');
    expect(reimported.tendency).toBe(chosen);
    expect(correctionMarksOf(reimported)?.sentiment?.by).toBe(viewer.username);
    expect((await post('c3')).water_post).toBe('NO');
    const c6 = await post('c6');
    expect([c6.water_post, c6.duplicate_of]).toEqual(['NO', undefined]);

    const started = await call('POST', '/tags-api/retag', admin.cookie);
    expect(started.statusCode, started.body).toBe(200);
    for (let tries = 0; ; tries++) {
      const status = (await call('GET', '/tags-api/retag', admin.cookie)).json().data;
      if (status.state === 'done') break;
      expect(status.state).toBe('running');
      expect(tries).toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await tendencies()).toEqual(counts);
    const retagged = await post('c1');
    expect(retagged.tendency).toBe(chosen);
    expect(correctionMarksOf(retagged)?.sentiment?.by).toBe(viewer.username);
    expect(correctionMarksOf(await post('c3'))?.duplicate?.by).toBe(viewer.username);
  }, 120_000);

  it("keeps the machine's first value when a post is corrected again", async () => {
    const [first] = await ctx.store.postCorrections.ofPosts(project.id, ['c1']);
    const again = await correct(admin.cookie, { _id: 'c1', field: 'sentiment', value: '中性' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.correction).toMatchObject({
      machineValue: first!.machineValue,
      personValue: '中性',
      by: admin.username,
    });
    const listed = await post('c1');
    expect(listed.tendency).toBe('中性');
    expect(correctionMarksOf(listed)).toMatchObject({ sentiment: { by: admin.username } });
  });

  it('refuses guests, other projects, unknown posts and bad values', async () => {
    const payload = { _id: 'c2', field: 'sentiment', value: '正面' };
    expect((await correct('', payload)).statusCode).toBe(401);
    expect((await correct(outsider, payload)).statusCode).toBe(403);
    const missing = await correct(viewer.cookie, { ...payload, _id: 'nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('帖子不存在或已被删除');
    expect(await ctx.store.postCorrections.ofPosts(project.id, ['nope'])).toEqual([]);
    const bad = await correct(viewer.cookie, { ...payload, value: '好评' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^value: /);
  });

  it('exports the corrections as a labelled CSV for admins, formula cells escaped', async () => {
    await correct(viewer.cookie, { _id: 'c4', field: 'sentiment', value: '负面' });
    expect((await call('GET', CORRECTIONS_API.csv, viewer.cookie)).statusCode).toBe(403);
    const response = await call('GET', CORRECTIONS_API.csv, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body.startsWith('\uFEFF文本,标签,帖子ID,机器判断,修改人,修改时间\n')).toBe(
      true,
    );
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows).toHaveLength(3);
    const c4 = rows.find((row) => row[2] === 'c4')!;
    expect(c4[0]).toBe(`'=HYPERLINK("http://x")\n一般般吧`);
    expect(c4.slice(1, 3)).toEqual(['负面', 'c4']);
    expect(c4[4]).toBe(viewer.username);
    expect(c4[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const c1 = rows.find((row) => row[2] === 'c1')!;
    expect(c1.slice(1, 5)).toEqual(['中性', 'c1', c1[3], admin.username]);
    const duplicates = await call('GET', CORRECTIONS_API.csv, admin.cookie, undefined, {
      field: 'duplicate',
    });
    expect((parse(duplicates.body, { bom: true }) as string[][])[1]!.slice(1, 5)).toEqual([
      '非重复',
      'c3',
      '重复',
      viewer.username,
    ]);
  });
});

describe.each(testStoreKinds())('the sentiment evaluation on %s', (storeKind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let admin: string;
  let viewer: string;

  const evaluate = (csv: string, cookie = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1${CORRECTIONS_API.evaluate}`,
      query: scopeQuery(project),
      headers: { cookie },
      payload: { csv },
    });
  const refusal = async (csv: string) => {
    const response = await evaluate(csv);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().msg as string;
  };

  beforeAll(async () => {
    ctx = await openTestApp(storeKind);
    project = await buildProject(ctx.store);
    admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' }))).cookie;
    viewer = (await signIn(ctx.app, await buildUser(ctx.store, { project }))).cookie;
  });
  afterAll(() => ctx.close());

  it('answers accuracy, balanced accuracy, the share called 中性, the confusion table and the wrong rows', async () => {
    const csv = [
      '\uFEFFid,文本,标签',
      '1,这款车太好了，非常满意，推荐大家购买,正面',
      '2,质量太差了，非常失望，再也不买了,负面',
      '3,"今天去公园散步, 天气晴",中性',
      '4,质量太差了，非常失望，再也不买了,正面',
      '',
    ].join('\r\n');
    const response = await evaluate(csv);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result.source).toBe('upload');
    expect(result.total).toBe(4);
    const confusion = result.confusion as Record<Label, Record<Label, number>>;
    const rowSums = SENTIMENTS.map((label) =>
      SENTIMENTS.reduce((sum, p) => sum + confusion[label][p], 0),
    );
    expect(rowSums).toEqual([2, 1, 1]);
    const correct = SENTIMENTS.reduce((sum, label) => sum + confusion[label][label], 0);
    expect(result.correct).toBe(correct);
    expect(result.accuracy).toBeCloseTo(correct / 4);
    const recall = (label: Label, rows: number) => confusion[label][label] / rows;
    expect(result.balancedAccuracy).toBeCloseTo((recall('正面', 2) + recall('负面', 1)) / 2);
    const neutral = SENTIMENTS.reduce((sum, label) => sum + confusion[label]['中性'], 0);
    expect(result.neutralShare).toBeCloseTo(neutral / 4);
    expect(result.wrongTotal).toBe(4 - correct);
    expect(result.wrong).toHaveLength(4 - correct);
    // Rows 2 and 4 are one text labelled two ways: the machine is wrong on one of them at least.
    expect(result.wrongTotal).toBeGreaterThan(0);
    for (const row of result.wrong) expect([2, 3, 4, 5]).toContain(row.line);
    for (const row of result.wrong) expect(row.label).not.toBe(row.predicted);
  });

  it('refuses a bad CSV with a Chinese message naming the line', async () => {
    expect(await refusal('文本,标签\n很好,正面\n很差,好评\n')).toBe(
      '第 3 行：标签「好评」无效，应为 正面、中性 或 负面',
    );
    expect(await refusal('text,label\n很好,positive\n')).toBe(
      '第 2 行：标签「positive」无效，应为 正面、中性 或 负面',
    );
    expect(await refusal('文本,标签\n很好,正面\n,负面\n')).toBe('第 3 行：文本为空');
    expect(await refusal('文本,标签\n很好,\n')).toBe('第 2 行：标签为空，应为 正面、中性 或 负面');
    expect(await refusal('内容,情感\n很好,正面\n')).toBe(
      '第 1 行必须是表头，包含「文本」（text）和「标签」（label）两列',
    );
    expect(await refusal('文本,标签\n')).toMatch(/^文件中没有数据行/);
    expect(await refusal('文本,标签\n很好,正面\n"很差,负面\n还行,中性\n')).toBe(
      'CSV 格式错误：第 3 行引号没有闭合',
    );
    expect(await refusal('文本,标签\n很好,正面\n"很差"了,负面\n')).toBe(
      'CSV 格式错误：第 3 行引号结束后应是逗号或换行',
    );
    const many = [
      '文本,标签',
      ...Array.from({ length: SENTIMENT_EVAL_MAX_ROWS + 1 }, () => '好,正面'),
    ];
    expect(await refusal(many.join('\n'))).toBe(
      `数据行不能超过 5,000 行（第 ${SENTIMENT_EVAL_MAX_ROWS + 2} 行超出）`,
    );
    expect(await refusal(`文本,标签\n${'很'.repeat(800_000)},正面\n`)).toBe('文件不能超过 2 MB');
    expect(await refusal(`文本,标签\n${'很'.repeat(70_000)},正面\n`)).toBe(
      'CSV 格式错误：第 2 行过长：一条记录不能超过 65,536 个字符',
    );
    expect(await refusal(`文本,标签\n很好,正面\n${','.repeat(100)}\n`)).toBe(
      'CSV 格式错误：第 3 行超过 64 列',
    );
    expect((await evaluate('文本,标签\n很好,正面\n', viewer)).statusCode).toBe(403);
  });

  it("evaluates a sample of the project's corrected posts against the person's labels", async () => {
    const empty = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1${CORRECTIONS_API.evaluateCorrected}`,
      query: scopeQuery(project),
      headers: { cookie: admin },
    });
    expect(empty.json().data).toMatchObject({ source: 'corrections', total: 0, accuracy: null });
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts/import',
      query: scopeQuery(project),
      headers: { cookie: admin, 'content-type': 'application/x-ndjson' },
      payload: lines(ROWS),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    for (const [id, value] of [
      ['c1', '负面'],
      ['c2', '负面'],
    ])
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1${CORRECTIONS_API.correct}`,
        query: scopeQuery(project),
        headers: { cookie: viewer },
        payload: { _id: id, field: 'sentiment', value },
      });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1${CORRECTIONS_API.evaluateCorrected}`,
      query: scopeQuery(project),
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({ source: 'corrections', total: 2 });
    const labelled = result.confusion['负面'] as Record<Label, number>;
    expect(labelled['正面'] + labelled['中性'] + labelled['负面']).toBe(2);
    for (const row of result.wrong) expect(['c1', 'c2']).toContain(row.postId);
  });
});
