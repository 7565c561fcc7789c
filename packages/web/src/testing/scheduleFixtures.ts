import { menuItem, schedule, scheduleRun, type Schedule, type ScheduleRun } from '@yuqing/core';

export const SCHEDULE_ID = '3d6f0a2b-8c1e-4f5a-9b7d-2e4c6a8b0d1f';
export const CHANNEL_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
export const RUN_ID = '5a7c9e1b-3d5f-4a7c-8e0a-2c4e6a8c0e2a';
export const REPORT_ID = '6f1f7c52-1a1b-4c5d-8e9f-0a1b2c3d4e5f';

/** The menu the schedule tests' project publishes: one dashboard and an AI report. */
export const scheduleMenus = menuItem.array().parse([
  { label: '舆情概览', key: 'overview', path: '/overview' }, // i18n-ignore: sample menu for tests
  { label: 'AI 报告', key: 'ai', path: '/ai', isAiReport: true }, // i18n-ignore: sample menu for tests
]);

/** A weekly schedule of the overview page, Mondays 08:00, as the server answers it. */
export function testSchedule(patch: Partial<Schedule> = {}): Schedule {
  return schedule.parse({
    _id: SCHEDULE_ID,
    name: '品牌周报', // i18n-ignore: sample schedule for tests
    page: 'overview',
    frequency: 'weekly',
    weekday: 1,
    time: '08:00',
    formats: ['pdf', 'docx'],
    channel_ids: [CHANNEL_ID],
    created_at: 0,
    updated_at: 0,
    next_run_at: null,
    last_run: null,
    subscribers: [],
    subscribed_email: null,
    ...patch,
  });
}

/** A run of the test schedule, sent to one channel. */
export function testRun(patch: Partial<ScheduleRun> = {}): ScheduleRun {
  return scheduleRun.parse({
    id: RUN_ID,
    schedule_id: SCHEDULE_ID,
    manual: false,
    // 2026-11-26 in Shanghai, its end exclusive.
    period: { start: Date.UTC(2026, 10, 25, 16), end: Date.UTC(2026, 10, 26, 16) },
    status: 'sent',
    error: null,
    attempts: 1,
    report_id: REPORT_ID,
    files: [{ format: 'pdf', name: '品牌周报.pdf', size: 1536 }], // i18n-ignore: sample file
    recipients: [{ name: '舆情群 · 企业微信', ok: true }], // i18n-ignore: sample channel
    created_at: Date.UTC(2026, 10, 27, 0, 0),
    finished_at: Date.UTC(2026, 10, 27, 0, 1),
    ...patch,
  });
}
