// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fakeApi';
import {
  CHANNEL_ID,
  RUN_ID,
  SCHEDULE_ID,
  scheduleMenus,
  testRun,
  testSchedule,
} from '../../testing/scheduleFixtures';
import { silenceMessages } from '../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { ManageSchedulesPage } from './ManageSchedulesPage';

const DAILY_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
/** Monday 2026-11-30 08:00 in Shanghai. */
const NEXT_MONDAY = Date.UTC(2026, 10, 30, 0, 0);

const weekly = testSchedule({
  next_run_at: NEXT_MONDAY,
  last_run: testRun({ status: 'failed', error: '企业微信：机器人地址无效' }),
  subscribers: [
    { user_id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: '李雷', email: 'li@example.com' },
  ],
});
const daily = testSchedule({
  _id: DAILY_ID,
  name: '负面日报',
  frequency: 'daily',
  range: 'last_days',
  last_days: 3,
  enabled: false,
  formats: ['pptx'],
  channel_ids: [],
});

function show() {
  render(
    <SessionWrapper session={testSession({ menus: scheduleMenus })}>
      <MemoryRouter>
        <ManageSchedulesPage />
      </MemoryRouter>
    </SessionWrapper>,
  );
}

const click = (element: Element) => act(() => void fireEvent.click(element));

beforeEach(() => silenceMessages());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ManageSchedulesPage', () => {
  it('lists each schedule’s timing, page, files, counts, next send and last run', async () => {
    fakeApi({
      'GET /schedules': () => ({
        schedules: [weekly, daily],
        channels: [{ id: CHANNEL_ID, label: '负面预警 · 企业微信' }],
      }),
    });
    show();
    const row = await screen.findByTestId('schedule-品牌周报');
    const cells = row.textContent;
    expect(cells).toContain('每周一 08:00');
    expect(cells).toContain('上周');
    expect(cells).toContain('舆情概览');
    expect(cells).toContain('PDF / Word');
    expect(cells).toContain('2026-11-30 08:00');
    const failed = within(row).getByTestId('schedule-run-status');
    expect(failed.textContent).toBe('失败');
    act(() => void fireEvent.mouseEnter(failed));
    expect(await screen.findByText('企业微信：机器人地址无效')).toBeTruthy();
    const off = screen.getByTestId('schedule-负面日报').textContent;
    expect(off).toContain('每天 08:00');
    expect(off).toContain('近 3 天');
    expect(off).toContain('已停用');
    expect(off).toContain('尚未发送');
  });

  it('says so when there are none', async () => {
    fakeApi({ 'GET /schedules': () => ({ schedules: [], channels: [] }) });
    show();
    expect(await screen.findByText('暂无定时报告')).toBeTruthy();
  });

  it('立即发送 starts a run and opens the history', async () => {
    const { calls } = fakeApi({
      'GET /schedules': () => ({ schedules: [weekly], channels: [] }),
      'POST /schedules/send': () => ({ run_id: RUN_ID }),
      'GET /schedules/runs': () => ({ runs: [testRun({ manual: true })] }),
    });
    show();
    const row = within(await screen.findByTestId('schedule-品牌周报'));
    click(row.getByTestId('schedule-send'));
    await screen.findByTestId(`schedule-run-${RUN_ID}`);
    const send = calls.find((call) => call.route === 'POST /schedules/send')!;
    expect(send.params.get('id')).toBe(SCHEDULE_ID);
    expect(vi.mocked(message.success)).toHaveBeenCalledWith('已开始发送');
    expect(screen.getByTestId(`schedule-run-${RUN_ID}`).textContent).toContain('立即发送');
  });

  it('switches a schedule off by putting it back with enabled false', async () => {
    const { calls } = fakeApi({
      'GET /schedules': () => ({ schedules: [weekly], channels: [] }),
      'PUT /schedules': ({ body }) => testSchedule(body as object),
    });
    show();
    const row = within(await screen.findByTestId('schedule-品牌周报'));
    click(row.getByTestId('schedule-enabled-switch'));
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /schedules')).toBe(true));
    const put = calls.find((call) => call.route === 'PUT /schedules')!;
    expect(put.params.get('id')).toBe(SCHEDULE_ID);
    expect(put.body).toMatchObject({ name: '品牌周报', enabled: false, weekday: 1 });
    expect(put.body).not.toHaveProperty('_id');
  });
});
