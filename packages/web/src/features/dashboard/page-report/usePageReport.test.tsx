// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { chart, type Chart } from '@yuqing/core';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../api/notify';
import { envelope, fakeApi } from '../../../testing/fakeApi';
import { todayQuery } from '../../../testing/testSession';
import { testReport } from '../../../testing/reportFixtures';
import type { WidgetData } from '../../../widgets/usePageData';
import { usePageReport } from './usePageReport';

vi.mock('../../../api/notify', () => ({ notify: vi.fn() }));

const OPENED_AT = Date.UTC(2024, 2, 15, 4);
const query = todayQuery(OPENED_AT, 'Asia/Shanghai');
const trend = chart.parse({ i: 'trend', type: 'lines', x: 0, y: 0, w: 12, h: 10 });
const posts = chart.parse({ i: 'posts', type: 'search-post', x: 12, y: 0, w: 12, h: 10 });
const made = testReport();

const loaded = (): WidgetData => ({ loading: false, data: {} });

function reporter(dataOf: (chart: Chart) => WidgetData = loaded) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/home']}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      ...usePageReport({
        source: { page: 'home', version: 3 },
        title: '概览',
        charts: [trend, posts],
        query,
        openedAt: OPENED_AT,
        dataOf,
      }),
      location: useLocation(),
    }),
    { wrapper },
  );
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('usePageReport', () => {
  it('asks to wait while a widget is still loading', async () => {
    const { fetch } = fakeApi({ 'POST /report': () => made });
    const { result } = reporter((c) => ({ loading: c.i === 'posts', data: undefined }));
    await act(() => result.current.onReport());
    expect(notify).toHaveBeenCalledWith('请等待数据加载完成后生成报告', 'error');
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current.location.pathname).toBe('/home');
  });

  it('makes a report of the page under its query, then opens it', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = fakeApi({ 'POST /report': () => answered.then(() => made) });
    const { result } = reporter();
    let done!: Promise<void>;
    act(() => void (done = result.current.onReport()));
    expect(result.current.reporting).toBe(true);

    await act(async () => {
      answer();
      await done;
    });
    expect(calls).toEqual([
      {
        route: 'POST /report',
        params: expect.any(URLSearchParams),
        body: { title: '概览 报告', page: 'home', version: 3, query, now: OPENED_AT },
      },
    ]);
    expect(result.current.location.pathname).toBe('/report');
    expect(result.current.location.search).toBe(`?id=${made.id}`);
    expect(result.current.reporting).toBe(false);
  });

  it('stays on the page when the server refuses', async () => {
    fakeApi({ 'POST /report': () => envelope(null, 400, '该页面未发布') });
    const { result } = reporter();
    await act(() => result.current.onReport());
    expect(notify).toHaveBeenCalledWith('该页面未发布', 'error');
    expect(result.current.location.pathname).toBe('/home');
    expect(result.current.reporting).toBe(false);
  });
});
