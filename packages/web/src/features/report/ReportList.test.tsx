// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReportSummary } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fakeApi } from '../../testing/fakeApi';
import { silenceMessages } from '../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { testReport } from '../../testing/reportFixtures';
import { ReportPage } from './ReportPage';

const weekly = testReport();
const summary = (report = weekly): ReportSummary => {
  const { id, title, desc, published, author, created, updated, chart_source } = report;
  return { id, title, desc, page: chart_source.page, published, author, created, updated };
};
const monthly = summary(
  testReport({
    id: '0e0e0e0e-1a1b-4c5d-8e9f-0a1b2c3d4e5f',
    title: '品牌月报',
    published: true,
  }),
);

function show() {
  render(
    <SessionWrapper session={testSession()}>
      <MemoryRouter initialEntries={['/report']}>
        <Routes>
          <Route path="/report" element={<ReportPage />} />
        </Routes>
      </MemoryRouter>
    </SessionWrapper>,
  );
}

const click = (element: Element) => act(() => void fireEvent.click(element));
const row = (id: string) => within(screen.getByTestId(`report-row-${id}`));

beforeEach(() => {
  silenceMessages();
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportPage without an id', () => {
  it("lists the project's reports and opens one", async () => {
    // 09:05:07 in Shanghai, the project's zone.
    const updated = Date.UTC(2024, 2, 15, 1, 5, 7);
    fakeApi({
      'GET /report/list': () => ({ list: [summary(), { ...monthly, updated }] }),
      'GET /report': () => weekly,
    });
    show();
    await screen.findByTestId(`report-row-${monthly.id}`);
    expect(row(weekly.id).getByText('本周声量概览')).toBeTruthy();
    expect(row(weekly.id).getByText('小李')).toBeTruthy();
    expect(row(weekly.id).getByText('草稿')).toBeTruthy();
    expect(row(monthly.id).getByText('已发布')).toBeTruthy();
    expect(row(monthly.id).getByText('2024-03-15 09:05:07')).toBeTruthy();

    click(row(weekly.id).getByText('品牌周报'));
    expect(await screen.findByTestId('report-view')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('品牌周报');
  });

  it('deletes a report once confirmed and reads the list again', async () => {
    let stored = [summary(), monthly];
    const { calls } = fakeApi({
      'GET /report/list': () => ({ list: stored }),
      'POST /report/remove': ({ body }) => {
        stored = stored.filter((report) => report.id !== (body as { id: string }).id);
        return null;
      },
    });
    show();
    click(
      within(await screen.findByTestId(`report-row-${weekly.id}`)).getByTestId('report-delete'),
    );
    await screen.findByText('确定删除该报告？其分享链接将一并失效');
    expect(calls.some((call) => call.route === 'POST /report/remove')).toBe(false);

    click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(screen.queryByTestId(`report-row-${weekly.id}`)).toBeNull());
    expect(calls.find((call) => call.route === 'POST /report/remove')!.body).toEqual({
      id: weekly.id,
    });
    expect(screen.getByTestId(`report-row-${monthly.id}`)).toBeTruthy();
  });

  it('says how to make one when there is none', async () => {
    fakeApi({ 'GET /report/list': () => ({ list: [] }) });
    show();
    expect(await screen.findByText('暂无报告，可在看板页面点击“生成报告”创建')).toBeTruthy();
  });
});
