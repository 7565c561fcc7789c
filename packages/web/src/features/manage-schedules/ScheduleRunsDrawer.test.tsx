// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fakeApi';
import { REPORT_ID, RUN_ID, testRun, testSchedule } from '../../testing/scheduleFixtures';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { ScheduleRunsDrawer } from './ScheduleRunsDrawer';
import { RUNS_POLL_MS } from './useScheduleRuns';

const FAILED_ID = '7b9d1f3a-5c7e-4a9b-8d1f-3a5c7e9b1d3f';

function show() {
  render(
    <SessionWrapper session={testSession()}>
      <MemoryRouter>
        <ScheduleRunsDrawer
          schedule={testSchedule()}
          timeZone="Asia/Shanghai"
          onClose={() => undefined}
        />
      </MemoryRouter>
    </SessionWrapper>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ScheduleRunsDrawer', () => {
  it('shows each run’s period, files, recipients and report, a failed recipient with its error', async () => {
    const { calls } = fakeApi({
      'GET /schedules/runs': () => ({
        runs: [
          testRun({
            id: FAILED_ID,
            status: 'failed',
            error: '1 个接收方发送失败',
            report_id: null,
            recipients: [
              { name: '舆情群 · 企业微信', ok: true },
              { name: 'li@example.com', ok: false, error: '邮件服务器拒收（550）' },
            ],
          }),
          testRun(),
        ],
      }),
    });
    show();
    const failed = within(await screen.findByTestId(`schedule-run-${FAILED_ID}`));
    expect(calls[0]!.params.get('id')).toBe(testSchedule()._id);
    expect(failed.getByTestId('schedule-run-status').textContent).toBe('失败');
    const [ok, refused] = failed.getAllByTestId('schedule-run-recipient');
    expect(ok!.textContent).toBe('✓ 舆情群 · 企业微信');
    expect(refused!.textContent).toBe('✗ li@example.com');
    act(() => void fireEvent.mouseEnter(refused!));
    expect(await screen.findByText('邮件服务器拒收（550）')).toBeTruthy();

    const sent = screen.getByTestId(`schedule-run-${RUN_ID}`);
    expect(sent.textContent).toContain('2026-11-26 ~ 2026-11-26');
    expect(sent.textContent).toContain('定时');
    expect(sent.textContent).toContain('PDF 1.5 KB');
    expect(within(sent).getByText('查看报告').getAttribute('href')).toBe(`/report?id=${REPORT_ID}`);
  });

  it('reads again while a run is sending, and stops once none is', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let status: 'running' | 'sent' = 'running';
    const { calls } = fakeApi({
      'GET /schedules/runs': () => ({ runs: [testRun({ status, report_id: null })] }),
    });
    show();
    await screen.findByText('发送中');
    status = 'sent';
    await act(() => vi.advanceTimersByTimeAsync(RUNS_POLL_MS));
    await screen.findByText('已发送');
    await act(() => vi.advanceTimersByTimeAsync(RUNS_POLL_MS * 3));
    expect(calls).toHaveLength(2);
  });
});
