// @vitest-environment happy-dom
import { baseQuery } from '@yuqing/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fakeApi';
import { prefetchPageData, publishedPage, takePrefetchedPageData } from './pageDataPrefetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const NOW = Date.UTC(2026, 10, 27, 2);
const body = (page: string) => ({ page, query: baseQuery(NOW, 'Asia/Shanghai'), now: NOW });

describe('a page’s data asked for before the page mounts', () => {
  it('is taken once by the page that asks for the same body, without a second call', async () => {
    const api = fakeApi({ 'POST /page_data': () => ({ widgets: { w1: { data: 7 } }, took: 3 }) });
    prefetchPageData(body('overview'));
    prefetchPageData(body('overview'));
    expect(takePrefetchedPageData(body('trend'))).toBeUndefined();
    const answer = await takePrefetchedPageData(body('overview'));
    expect(answer?.widgets).toEqual({ w1: { data: 7 } });
    expect(takePrefetchedPageData(body('overview'))).toBeUndefined();
    expect(api.calls.map((call) => call.route)).toEqual(['POST /page_data']);
  });

  it('is dropped, and its call cancelled, when no page takes it within ten seconds', () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /page_data': () => new Promise(() => {}) });
    prefetchPageData(body('overview'));
    const signal = api.fetch.mock.calls[0]![1]!.signal!;
    vi.advanceTimersByTime(10_001);
    expect(signal.aborted).toBe(true);
    expect(takePrefetchedPageData(body('overview'))).toBeUndefined();
  });

  it('names a published page by its version, a page never published by its key alone', () => {
    const detail = (source: { kind: 'published'; version: number | null }) =>
      ({ source }) as Parameters<typeof publishedPage>[0];
    expect(publishedPage(detail({ kind: 'published', version: 4 }), 'overview')).toEqual({
      page: 'overview',
      version: 4,
    });
    expect(publishedPage(detail({ kind: 'published', version: null }), 'overview')).toEqual({
      page: 'overview',
    });
  });
});
