// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './client';

const answer = (status: number, body: object, retryAfter?: string) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      ...(retryAfter !== undefined && { 'retry-after': retryAfter }),
    },
  });
const busy = (retryAfter: string) =>
  answer(429, { success: false, msg: `请求过于频繁，请 ${retryAfter} 秒后再试` }, retryAfter);

/** Serves `answers` in turn to the client's fetch calls, counting them. */
function serve(...answers: Response[]) {
  const fetch = vi.fn(async () => answers.shift()!);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const data = { parse: (value: unknown) => value };

afterEach(() => vi.unstubAllGlobals());

describe('request on 429', () => {
  it('tries once more after the Retry-After wait', async () => {
    const fetch = serve(busy('0'), answer(200, { success: true, data: { n: 1 } }));
    expect(await request('/search', data, { method: 'POST', body: {}, quiet: true })).toEqual({
      n: 1,
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('fails with the server message when the retry is refused too', async () => {
    const fetch = serve(busy('0'), busy('0'));
    const error = await request('/search', data, { quiet: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: '请求过于频繁，请 0 秒后再试' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not wait out a long Retry-After', async () => {
    const fetch = serve(busy('60'));
    await expect(request('/search', data, { quiet: true })).rejects.toMatchObject({ status: 429 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('a file body', () => {
  it('goes as it is with its type, where a body goes as JSON', async () => {
    const fetch = serve(answer(200, { success: true, data: 1 }), answer(200, { success: true }));
    const file = { type: 'text/csv; charset=utf-8', text: 'kind,name\nnegation,不' };
    await request('/tags-api/rules/csv', data, { method: 'PUT', file });
    await request('/search', data, { method: 'POST', body: { size: 1 } });
    const [[, sent], [, json]] = fetch.mock.calls as unknown as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(sent).toMatchObject({ body: file.text, headers: { 'Content-Type': file.type } });
    expect(json).toMatchObject({
      body: '{"size":1}',
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

describe('a standalone request', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it("names no project, where a scoped one names the page's", async () => {
    window.history.replaceState(null, '', '/demo/acme/brand/latest/');
    const fetch = serve(answer(200, { success: true, data: 1 }), answer(200, { success: true }));
    await request('/report/shared', data, { params: { token: 't' }, standalone: true });
    await request('/report/list', data);
    const urls = (fetch.mock.calls as unknown as [string][]).map(
      ([url]) => new URL(url, 'http://x'),
    );
    const [standalone, scoped] = urls;
    expect([...standalone!.searchParams]).toEqual([['token', 't']]);
    expect(scoped!.searchParams.get('project')).toBe('brand');
  });

  it('fails on 403 and 410 without leaving the page or reloading it', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    serve(
      answer(403, { success: false, msg: '无权访问' }),
      answer(410, { success: false, msg: '分享链接已失效' }),
    );
    const options = { standalone: true, quiet: true };
    await expect(request('/report/shared', data, options)).rejects.toMatchObject({ status: 403 });
    await expect(request('/report/shared', data, options)).rejects.toMatchObject({
      status: 410,
      message: '分享链接已失效',
    });
    expect(window.location.hash).toBe('');
    expect(reload).not.toHaveBeenCalled();
  });
});
