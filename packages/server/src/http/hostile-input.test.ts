import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/tokens.js';
import { openTestApp, projectCaller } from '../../test/app.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { testStoreKinds } from '../../test/stores.js';
import { findHostileInput, MAX_INPUT_DEPTH } from './hostile-input.js';

function nestedTree(depth: number) {
  let node: object = { value: 'v', label: 'l' };
  for (let level = 1; level < depth; level++) node = { value: 'v', label: 'l', children: [node] };
  return node;
}

describe('findHostileInput', () => {
  it('names the field holding NUL, an unpaired surrogate, or a bad key', () => {
    expect(findHostileInput({ a: [{ b: 'ok' }, { b: 'x\u0000' }] })).toEqual({
      path: ['a', 1, 'b'],
      message: '不能包含空字符 (U+0000)',
    });
    expect(findHostileInput({ name: 'a\ud800b' })?.path).toEqual(['name']);
    expect(findHostileInput({ name: '\udc00' })?.path).toEqual(['name']);
    expect(findHostileInput({ pages: { 'k\u0000': {} } })).toEqual({
      path: ['pages'],
      message: '字段名不能包含空字符 (U+0000)',
    });
    expect(findHostileInput({ name: '星河 😀', n: 1, b: null })).toBeUndefined();
  });

  it('stops at the depth limit without recursing, naming the top field', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(findHostileInput({ items: deep })).toEqual({
      path: ['items'],
      message: `嵌套层级过深，最多 ${MAX_INPUT_DEPTH} 层`,
    });
    expect(findHostileInput(deep)?.path).toEqual([]);
    expect(findHostileInput({ items: [nestedTree(20)] })).toBeUndefined();
  });
});

describe.each(testStoreKinds())('hostile input answers 400 naming the field on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let cookie: string;
  let call: ReturnType<typeof projectCaller>;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
    const superAdmin = await buildUser(ctx.store, { superAdmin: true });
    call = projectCaller(ctx.app, project);
    const login = await call('POST', '/login', '', {
      payload: {
        username: superAdmin.username,
        password: md5Hex(superAdmin.password),
        customer: { code: project.customer, name: '' },
        timestamp: Date.now(),
      },
    });
    cookie = login.headers['set-cookie']!.toString().split(';')[0]!;
  });
  afterAll(() => ctx.close());

  const expectRefused = async (
    response: { statusCode: number; json(): { msg: string } },
    msg: RegExp,
  ) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(msg);
  };

  it('refuses NUL in a sign-in without a session', async () => {
    const response = await call('POST', '/login', '', {
      payload: {
        username: 'x\u0000',
        password: md5Hex('secret'),
        customer: { code: project.customer, name: '' },
        timestamp: Date.now(),
      },
    });
    await expectRefused(response, /^username: 不能包含空字符/);
  });

  it('refuses NUL in data items, templates, members and project copies', async () => {
    await expectRefused(
      await call('POST', '/project_data', cookie, {
        payload: { name: '媒体\u0000', kind: 'list', items: [] },
      }),
      /^name: 不能包含空字符/,
    );
    await expectRefused(
      await call('POST', '/project_data', cookie, {
        payload: { name: '媒体', kind: 'list', items: [{ value: 'a', label: 'b\u0000' }] },
      }),
      /^items\.0\.label: 不能包含空字符/,
    );
    await expectRefused(
      await call('DELETE', '/project_data', cookie, {
        query: {
          repository: project.repository,
          customer: project.customer,
          project: project.project,
          name: '\u0000',
        },
      }),
      /^name: 不能包含空字符/,
    );
    await expectRefused(
      await call('POST', '/project_template', cookie, {
        payload: { name: '模板\u0000', template: {} },
      }),
      /^name: 不能包含空字符/,
    );
    await expectRefused(
      await call('POST', '/project_sys/member', cookie, {
        payload: {
          action: 'add',
          username: 'nul-user',
          nickname: '昵\u0000',
          role: 'viewer',
          password: 'password-1',
        },
      }),
      /^nickname: 不能包含空字符/,
    );
    await expectRefused(
      await call('POST', '/project_copy', cookie, {
        payload: { project: 'nul-copy', name: '副本\u0000' },
      }),
      /^name: 不能包含空字符/,
    );
  });

  it('refuses what a JSON column cannot hold: an unpaired surrogate, NUL in a key', async () => {
    const draft = await call('GET', '/project', cookie, {
      query: {
        repository: project.repository,
        customer: project.customer,
        project: project.project,
        type: 'manage',
      },
    });
    const revision = draft.json().data.source.revision;
    await expectRefused(
      await call('POST', '/project', cookie, {
        payload: { revision, menu: [{ label: '首页\ud800', key: 'home', path: '/home' }] },
      }),
      /^menu\.0\.label: 包含无效的 Unicode 字符/,
    );
    await expectRefused(
      await call('POST', '/project', cookie, {
        payload: { revision, pages: { 'home\u0000': {} } },
      }),
      /^pages: 字段名不能包含空字符/,
    );
  });

  it('refuses a data tree 2,000 levels deep before validation recurses into it', async () => {
    const response = await call('POST', '/project_data', cookie, {
      payload: { name: '深树', kind: 'tree', items: [nestedTree(2000)] },
    });
    await expectRefused(response, /^items: 嵌套层级过深/);
  });
});
