// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { chart, EXPORT_MESSAGES, type Chart, type ChartInput } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../api/notify';
import { todayQuery } from '../testing/testSession';
import type { WidgetData } from '../widgets/usePageData';
import { usePageExport } from './usePageExport';

vi.mock('../api/notify', () => ({ notify: vi.fn() }));

const OPENED_AT = Date.UTC(2024, 2, 15, 4);
const query = todayQuery(OPENED_AT, 'Asia/Shanghai');
const widget = (input: Omit<ChartInput, 'x' | 'y' | 'w' | 'h'>): Chart =>
  chart.parse({ x: 0, y: 0, w: 12, h: 10, ...input });
const trend = widget({ i: 'trend', type: 'lines' });
const posts = widget({ i: 'posts', type: 'search-post' });

const loaded = (): WidgetData => ({ loading: false, data: {} });

function exporter(charts: Chart[], dataOf: (chart: Chart) => WidgetData = loaded) {
  const source = { page: 'home', version: 3 };
  return renderHook(() => usePageExport({ source, charts, query, openedAt: OPENED_AT, dataOf }));
}

const json = (body: object, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(answer: Response | Promise<Response>) {
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(answer));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The links the export clicked, as the browser would have followed them. */
let clicked: { href: string; download: string }[];

beforeEach(() => {
  vi.clearAllMocks();
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved-file');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('usePageExport refusals', () => {
  it('has nothing to download on a page without data widgets', async () => {
    const fetch = serve(json({ success: true, data: { status: 'ok', downloadUrl: '/x' } }));
    const { result } = exporter([widget({ i: 'frame', type: 'm-iframe' })]);
    await act(() => result.current.onDownload('download_ppt'));
    expect(notify).toHaveBeenCalledWith(EXPORT_MESSAGES.nothing, 'info');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks to wait while a widget is still loading', async () => {
    const fetch = serve(json({ success: true, data: { url: '/x' } }));
    const { result } = exporter([trend, posts], (c) => ({ loading: c.i === 'trend', data: {} }));
    await act(() => result.current.onDownload('download_word'));
    expect(notify).toHaveBeenCalledWith('请等待数据加载完成后下载!', 'error');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses an Excel download on a page without a post widget', async () => {
    const fetch = serve(json({ success: true, data: { suc: true, msg: '' } }));
    const { result } = exporter([trend]);
    await act(() => result.current.onDownload('download_excel'));
    expect(notify).toHaveBeenCalledWith(EXPORT_MESSAGES.excelNeedsPosts, 'info');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('usePageExport Excel', () => {
  it('asks for the page posts and shows the offline message when a job was queued', async () => {
    const fetch = serve(
      json({ success: true, data: { suc: true, msg: EXPORT_MESSAGES.offline, jobId: 'j1' } }),
    );
    const { result } = exporter([trend, widget({ i: 'tabs', type: 'tab-post' }), posts]);
    await act(() => result.current.onDownload('download_excel'));

    const [url, init = {}] = fetch.mock.calls[0]!;
    expect(url).toContain('/api/v1/download/addJob');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      page: 'home',
      version: 3,
      query,
      now: OPENED_AT,
      format: 'xlsx',
      widget: 'tabs',
    });
    expect(notify).toHaveBeenCalledWith(
      '当前下载条数已超过[2000]条，将使用离线下载，请稍后前往离线下载列表中查看！',
      'info',
    );
    expect(clicked).toEqual([]);
  });

  it('saves the file when addJob answers it, under its UTF-8 name', async () => {
    serve(
      new Response(new Blob(['posts']), {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': `attachment; filename="posts.xlsx"; filename*=UTF-8''${encodeURIComponent('舆情.xlsx')}`,
        },
      }),
    );
    const { result } = exporter([posts]);
    await act(() => result.current.onDownload('download_excel'));
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(clicked).toEqual([{ href: 'blob:saved-file', download: '舆情.xlsx' }]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the server reason of a refusal, and 下载失败 when there is none', async () => {
    serve(json({ success: false, msg: '导出条件无效' }, 400));
    const { result } = exporter([posts]);
    await act(() => result.current.onDownload('download_excel'));
    expect(notify).toHaveBeenLastCalledWith('导出条件无效', 'error');

    serve(new Response('bad gateway', { status: 502, headers: { 'content-type': 'text/html' } }));
    await act(() => result.current.onDownload('download_excel'));
    expect(notify).toHaveBeenLastCalledWith('下载失败', 'error');
  });
});

describe('usePageExport slides and Word', () => {
  it('downloads the deck from the address answered, downloading meanwhile', async () => {
    let answer!: (response: Response) => void;
    const fetch = serve(new Promise<Response>((resolve) => (answer = resolve)));
    const { result } = exporter([trend]);
    let done!: Promise<void>;
    act(() => void (done = result.current.onDownload('download_ppt')));
    expect(result.current.downloading).toBe(true);

    await act(async () => {
      answer(json({ success: true, data: { status: 'ok', downloadUrl: '/api/v1/files/deck' } }));
      await done;
    });
    expect(fetch.mock.calls[0]![0]).toContain('/api/v1/customlay/dashdata');
    expect(clicked).toHaveLength(1);
    expect(new URL(clicked[0]!.href).pathname).toBe('/api/v1/files/deck');
    expect(result.current.downloading).toBe(false);
  });

  it('downloads the Word document from the url answered', async () => {
    const fetch = serve(json({ success: true, data: { url: '/api/v1/files/word' } }));
    const { result } = exporter([trend]);
    await act(() => result.current.onDownload('download_word'));
    expect(fetch.mock.calls[0]![0]).toContain('/api/v1/api/r11zt/jdata');
    expect(new URL(clicked[0]!.href).pathname).toBe('/api/v1/files/word');
  });

  it('downloads the PDF from the url answered', async () => {
    const fetch = serve(json({ success: true, data: { url: '/api/v1/files/pdf' } }));
    const { result } = exporter([trend]);
    await act(() => result.current.onDownload('download_pdf'));
    expect(fetch.mock.calls[0]![0]).toContain('/api/v1/export/pdf');
    expect(new URL(clicked[0]!.href).pathname).toBe('/api/v1/files/pdf');
  });

  it('sends the template chosen, and none for the default', async () => {
    const fetch = serve(json({ success: true, data: { url: '/api/v1/files/word' } }));
    const { result } = exporter([trend]);
    await act(() => result.current.onDownload('download_word', 'brand'));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({
      page: 'home',
      template: 'brand',
    });
    serve(json({ success: true, data: { url: '/api/v1/files/word' } }));
    await act(() => result.current.onDownload('download_word'));
    const body = JSON.parse(String(vi.mocked(globalThis.fetch).mock.calls[0]![1]!.body));
    expect(body).not.toHaveProperty('template');
  });

  it('names an answer that is not the JSON expected', async () => {
    serve(new Response('<html></html>', { headers: { 'content-type': 'text/html' } }));
    const { result } = exporter([trend]);
    await act(() => result.current.onDownload('download_ppt'));
    expect(notify).toHaveBeenLastCalledWith('no response json', 'error');

    serve(new Response('{"success":', { headers: { 'content-type': 'application/json' } }));
    await act(() => result.current.onDownload('download_ppt'));
    expect(notify).toHaveBeenLastCalledWith('failed to parse response json', 'error');

    serve(json({ success: true, data: { status: 'busy' } }));
    await act(() => result.current.onDownload('download_ppt'));
    expect(notify).toHaveBeenLastCalledWith('failed to parse response json', 'error');
    expect(clicked).toEqual([]);
    expect(result.current.downloading).toBe(false);
  });
});
