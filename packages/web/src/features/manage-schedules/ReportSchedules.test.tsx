// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../session/session';
import { fakeApi } from '../../testing/fakeApi';
import { SCHEDULE_ID, testSchedule } from '../../testing/scheduleFixtures';
import { silenceMessages } from '../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { ReportSchedules } from './ReportSchedules';

/** Monday 2026-11-30 08:00 in Shanghai. */
const NEXT_MONDAY = Date.UTC(2026, 10, 30, 0, 0);
const weekly = testSchedule({ next_run_at: NEXT_MONDAY });

const member = testSession();
const admin: Session = { ...member, user: { ...member.user, isAdmin: true } };

function show(session = member) {
  render(
    <SessionWrapper session={session}>
      <MemoryRouter>
        <ReportSchedules />
      </MemoryRouter>
    </SessionWrapper>,
  );
}

const click = (element: Element) => act(() => void fireEvent.click(element));
const type = (testId: string, value: string) =>
  act(() => void fireEvent.change(screen.getByTestId(testId), { target: { value } }));

beforeEach(() => silenceMessages());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReportSchedules', () => {
  it('subscribes a member with the email they give, checked before it is sent', async () => {
    const { calls } = fakeApi({
      'GET /schedules': () => ({ schedules: [weekly], channels: [] }),
      'POST /schedules/subscribe': ({ body }) =>
        testSchedule({ subscribed_email: (body as { email: string }).email }),
    });
    show();
    const row = within(await screen.findByTestId('report-schedule-品牌周报'));
    expect(row.getByText('2026-11-30 08:00')).toBeTruthy();
    expect(screen.queryByTestId('report-schedules-manage')).toBeNull();
    click(row.getByTestId('schedule-subscribe'));
    type('schedule-subscribe-email', 'li@');
    click(screen.getByTestId('schedule-subscribe-ok'));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(calls.filter((call) => call.route === 'POST /schedules/subscribe')).toEqual([]);

    type('schedule-subscribe-email', 'li@example.com');
    click(screen.getByTestId('schedule-subscribe-ok'));
    await waitFor(() =>
      expect(vi.mocked(message.success)).toHaveBeenCalledWith('已订阅「品牌周报」'),
    );
    const subscribe = calls.find((call) => call.route === 'POST /schedules/subscribe')!;
    expect(subscribe.params.get('id')).toBe(SCHEDULE_ID);
    expect(subscribe.body).toEqual({ email: 'li@example.com' });
  });

  it('unsubscribes with a null email', async () => {
    const { calls } = fakeApi({
      'GET /schedules': () => ({
        schedules: [testSchedule({ subscribed_email: 'li@example.com' })],
        channels: [],
      }),
      'POST /schedules/subscribe': () => testSchedule(),
    });
    show();
    const row = within(await screen.findByTestId('report-schedule-品牌周报'));
    expect(row.getByText('li@example.com')).toBeTruthy();
    click(row.getByTestId('schedule-unsubscribe'));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'POST /schedules/subscribe')?.body).toEqual({
        email: null,
      }),
    );
  });

  it('shows admins the subscriber count and the way to manage schedules', async () => {
    fakeApi({
      'GET /schedules': () => ({
        schedules: [
          testSchedule({
            subscribers: [
              { user_id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: '李雷', email: 'l@x.cn' },
            ],
          }),
        ],
        channels: [],
      }),
    });
    show(admin);
    const row = await screen.findByTestId('report-schedule-品牌周报');
    expect(row.textContent).toContain('1 人');
    expect(screen.getByTestId('report-schedules-manage').getAttribute('href')).toBe(
      '/manage/schedules',
    );
  });

  it('shows a member nothing while the project has no schedules', async () => {
    const { calls } = fakeApi({ 'GET /schedules': () => ({ schedules: [], channels: [] }) });
    show();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('report-schedules')).toBeNull();
  });
});
