// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DownloadJob } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchDownloadJobs, removeDownloadJob } from '../../api/downloadJobs';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { DownloadPage } from './DownloadPage';
import { JOB_POLL_MS } from './useDownloadJobs';

vi.mock('../../api/downloadJobs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/downloadJobs')>()),
  fetchDownloadJobs: vi.fn(),
  removeDownloadJob: vi.fn(),
}));

const job = (id: string, patch: Partial<DownloadJob>): DownloadJob => ({
  id,
  name: `${id}.xlsx`,
  format: 'xlsx',
  status: 'queued',
  rows: 0,
  total: 4000,
  owner: '小李',
  // 2024-03-15 09:05:07 in Shanghai, whatever the machine's zone.
  created: Date.UTC(2024, 2, 15, 1, 5, 7),
  ...patch,
});

const running = job('run', { status: 'running', rows: 1000 });
const done = job('done', {
  status: 'done',
  rows: 4000,
  size: 1.5 * 1024 * 1024,
  expires: Date.UTC(2024, 2, 22, 1, 5, 7),
});
const failed = job('fail', { status: 'failed', rows: 10, error: '磁盘已满' });

const row = (id: string) => within(screen.getByTestId(`job-row-${id}`));
const percentOf = (id: string) => row(id).getByTestId('job-progress').getAttribute('aria-valuenow');

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(removeDownloadJob).mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The page in a project whose zone is Shanghai's. */
const renderPage = () =>
  render(
    <SessionWrapper session={testSession({ timezone: 'Asia/Shanghai' })}>
      <DownloadPage />
    </SessionWrapper>,
  );

describe('DownloadPage', () => {
  it('lists the jobs with their status, progress, size and times', async () => {
    vi.mocked(fetchDownloadJobs).mockResolvedValue([running, done, failed]);
    renderPage();
    await screen.findByTestId('job-row-run');

    expect(row('run').getByText('生成中')).toBeTruthy();
    expect(percentOf('run')).toBe('25');
    expect(row('run').getByText('1000 / 4000 条')).toBeTruthy();
    expect(row('run').queryByTestId('job-download')).toBeNull();

    expect(row('done').getByText('已完成')).toBeTruthy();
    expect(percentOf('done')).toBe('100');
    expect(row('done').getByText('1.5 MB')).toBeTruthy();
    expect(row('done').getByText('2024-03-15 09:05')).toBeTruthy();
    expect(row('done').getByText('2024-03-22 09:05')).toBeTruthy();
    const link = row('done').getByTestId('job-download');
    expect(new URL(link.getAttribute('href')!, 'http://x').pathname).toBe('/api/v1/download/file');
    expect(link.getAttribute('href')).toContain('id=done');

    fireEvent.mouseEnter(row('fail').getByText('失败'));
    expect(await screen.findByText('磁盘已满')).toBeTruthy();
    expect(row('fail').queryByTestId('job-download')).toBeNull();
    expect(row('run').getAllByText('—')).toHaveLength(2); // neither size nor expiry yet
  });

  it('deletes a job once confirmed and reads the list again', async () => {
    vi.mocked(fetchDownloadJobs).mockResolvedValueOnce([done, failed]).mockResolvedValue([failed]);
    renderPage();
    fireEvent.click(within(await screen.findByTestId('job-row-done')).getByTestId('job-delete'));
    await screen.findByText('确定删除该任务及其文件？');
    expect(removeDownloadJob).not.toHaveBeenCalled();

    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(screen.queryByTestId('job-row-done')).toBeNull());
    expect(removeDownloadJob).toHaveBeenCalledWith('done');
    expect(fetchDownloadJobs).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('job-row-fail')).toBeTruthy();
  });

  it('reads the list every 2 s while a job is unfinished, and stops after', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.mocked(fetchDownloadJobs)
      .mockResolvedValueOnce([running])
      .mockResolvedValue([{ ...running, status: 'done', rows: 4000 }]);
    renderPage();
    await screen.findByText('生成中');

    await act(async () => void vi.advanceTimersByTime(JOB_POLL_MS));
    await screen.findByText('已完成');
    expect(fetchDownloadJobs).toHaveBeenCalledTimes(2);
    expect(fetchDownloadJobs).toHaveBeenLastCalledWith(true);

    await act(async () => void vi.advanceTimersByTime(JOB_POLL_MS * 3));
    expect(fetchDownloadJobs).toHaveBeenCalledTimes(2);
  });

  it('stops polling when the page closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.mocked(fetchDownloadJobs).mockResolvedValue([running]);
    const { unmount } = renderPage();
    await screen.findByText('生成中');
    unmount();
    await act(async () => void vi.advanceTimersByTime(JOB_POLL_MS * 3));
    expect(fetchDownloadJobs).toHaveBeenCalledTimes(1);
  });

  it('says so when there is no job', async () => {
    vi.mocked(fetchDownloadJobs).mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText('暂无离线下载任务')).toBeTruthy();
    expect(screen.getByTestId('download-jobs')).toBeTruthy();
  });
});
