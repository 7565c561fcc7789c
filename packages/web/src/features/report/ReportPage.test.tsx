// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Report } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { notify } from '../../api/notify';
import { envelope, fakeApi } from '../../testing/fakeApi';
import { silenceMessages } from '../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { testReport } from '../../testing/reportFixtures';
import { ReportPage } from './ReportPage';

vi.mock('../../api/notify', () => ({ notify: vi.fn() }));

const draft = testReport();
const reportPath = `/report?id=${draft.id}`;

function show(entry = reportPath) {
  render(
    <SessionWrapper session={testSession()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/report" element={<ReportPage />} />
        </Routes>
      </MemoryRouter>
    </SessionWrapper>,
  );
}

/** Routes answering `report` as stored, and its publication as asked. */
function serveReport(report: Report = draft) {
  let stored = report;
  return fakeApi({
    'GET /report': ({ params }) =>
      params.get('id') === stored.id ? stored : envelope(null, 404, '报告不存在'),
    'POST /report/publish': ({ body }) => {
      stored = { ...stored, published: (body as { published: boolean }).published };
      return stored;
    },
    'GET /report/shares': () => ({ list: [] }),
  });
}

const click = (element: Element) => act(() => void fireEvent.click(element));
const status = () => screen.getByTestId('report-status').textContent;

/** The links the page clicked to download, as the browser would have followed them. */
let clicked: string[];

beforeEach(() => {
  silenceMessages();
  vi.clearAllMocks();
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this.href);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportPage with an id', () => {
  it('loads the report, then publishes it and takes it back to a draft once told its links end', async () => {
    const { calls } = serveReport();
    show();
    expect(document.querySelector('.ant-spin')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: '品牌周报' })).toBeTruthy();
    expect(calls[0]!.params.get('id')).toBe(draft.id);
    expect(status()).toBe('草稿');
    expect(screen.queryByTestId('report-share')).toBeNull();

    click(screen.getByTestId('report-publish'));
    await waitFor(() => expect(status()).toBe('已发布'));
    expect(calls.at(-1)).toMatchObject({
      route: 'POST /report/publish',
      body: { id: draft.id, published: true },
    });
    expect(screen.getByTestId('report-publish').textContent).toBe('取消发布');

    click(screen.getByTestId('report-share'));
    expect(await screen.findByText('分享报告')).toBeTruthy();

    const published = calls.length;
    click(screen.getByTestId('report-publish'));
    expect(
      await screen.findByText(
        '取消发布后，该报告的分享链接将全部撤销，重新发布也不会恢复。确定取消发布？',
      ),
    ).toBeTruthy();
    expect(calls).toHaveLength(published);
    click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(status()).toBe('草稿'));
    expect(calls.at(-1)!.body).toEqual({ id: draft.id, published: false });
  });

  it("shows the server's reason when the report cannot be opened", async () => {
    serveReport();
    show('/report?id=6f1f7c52-0000-4c5d-8e9f-0a1b2c3d4e5f');
    expect(await screen.findByText('报告不存在')).toBeTruthy();
    expect(screen.queryByTestId('report-view')).toBeNull();
  });

  it('exports a deck and downloads it from the address answered', async () => {
    const { calls } = fakeApi({
      'GET /report': () => draft,
      'POST /report/export': () => ({ url: '/api/v1/files/report.pptx' }),
    });
    show();
    click(await screen.findByTestId('report-export-pptx'));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(new URL(clicked[0]!).pathname).toBe('/api/v1/files/report.pptx');
    expect(calls.at(-1)).toMatchObject({
      route: 'POST /report/export',
      body: { id: draft.id, format: 'pptx' },
    });
  });

  it('exports a PDF beside the deck and the brief', async () => {
    const { calls } = fakeApi({
      'GET /report': () => draft,
      'POST /report/export': () => ({ url: '/api/v1/files/report.pdf' }),
    });
    show();
    const button = await screen.findByTestId('report-export-pdf');
    expect(button.textContent).toContain('导出PDF');
    click(button);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(new URL(clicked[0]!).pathname).toBe('/api/v1/files/report.pdf');
    expect(calls.at(-1)).toMatchObject({ body: { id: draft.id, format: 'pdf' } });
  });

  it('says 下载失败 when an export fails without a reason, and the reason when there is one', async () => {
    let answer = new Response('bad gateway', { status: 502 });
    fakeApi({ 'GET /report': () => draft, 'POST /report/export': () => answer });
    show();
    const button = await screen.findByTestId('report-export-docx');
    const settled = () => waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    click(button);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('下载失败', 'error'));
    await settled();

    answer = envelope(null, 400, '报告没有可导出的图表');
    click(button);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('报告没有可导出的图表', 'error'));
    await settled();
    expect(clicked).toEqual([]);
  });
});
