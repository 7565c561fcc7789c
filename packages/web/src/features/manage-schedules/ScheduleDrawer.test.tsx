// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Schedule } from '@yuqing/core';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../testing/fakeApi';
import {
  CHANNEL_ID,
  SCHEDULE_ID,
  scheduleMenus,
  testSchedule,
} from '../../testing/scheduleFixtures';
import { silenceMessages } from '../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { ScheduleDrawer } from './ScheduleDrawer';

const channels = [{ id: CHANNEL_ID, label: '负面预警 · 企业微信' }];

const TEMPLATE_ID = '5d1c1b7e-3f0a-4c55-8f35-0c2a8e2e4b11';
const templates = [
  {
    id: TEMPLATE_ID,
    title: '周报模板', // i18n-ignore: sample report for tests
    desc: '',
    page: 'overview',
    published: true,
    author: 'admin',
    created: 0,
    updated: 0,
  },
];

function serve() {
  const api = fakeApi({
    'GET /report/list': () => ({ list: templates }),
    'POST /schedules': ({ body }) => testSchedule(body as Partial<Schedule>),
    'PUT /schedules': ({ body }) => testSchedule(body as Partial<Schedule>),
  });
  // What the drawer sends; it reads the project's reports (templates) as it opens.
  return { ...api, calls: () => api.calls.filter((call) => call.route !== 'GET /report/list') };
}

function show(schedule?: Schedule, choices = channels) {
  const onSaved = vi.fn();
  render(
    <SessionWrapper session={testSession({ menus: scheduleMenus })}>
      <ScheduleDrawer
        schedule={schedule}
        channels={choices}
        timeZone="Asia/Shanghai"
        onClose={() => undefined}
        onSaved={onSaved}
      />
    </SessionWrapper>,
  );
  return onSaved;
}

/** The input of a field, whether antd put the test id on it or on its wrapper. */
const input = (testId: string) => {
  const element = screen.getByTestId(testId);
  return element.tagName === 'INPUT' ? element : element.querySelector('input')!;
};
const type = (testId: string, value: string) =>
  act(() => void fireEvent.change(input(testId), { target: { value } }));
const click = (element: Element) => act(() => void fireEvent.click(element));
const save = () => click(screen.getByTestId('schedule-save'));
/** Ticks the radio button or checkbox labelled `text`. */
const choose = (text: string) =>
  click(screen.getByText(text).closest('label')!.querySelector('input')!);

beforeEach(() => silenceMessages());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ScheduleDrawer', () => {
  it('names a missing name and a wrong time on their fields and sends nothing', async () => {
    const { calls } = serve();
    show();
    type('schedule-time', '8点');
    save();
    expect(await screen.findByText('请输入定时报告名称')).toBeTruthy();
    expect(screen.getByText('时间应为 HH:mm，如 08:00')).toBeTruthy();
    expect(calls()).toEqual([]);
  });

  it('saves a new weekly schedule with the body the contract reads', async () => {
    const { calls } = serve();
    const onSaved = show();
    type('schedule-name', '品牌周报');
    choose('周报');
    await screen.findByTestId('schedule-weekday');
    type('schedule-time', '07:30');
    choose('Word');
    choose('近 N 天');
    await screen.findByTestId('schedule-days');
    type('schedule-days', '14');
    expect(screen.getByTestId('schedule-next-preview').textContent).toMatch(
      /^下次发送：\d{4}-\d{2}-\d{2} 07:30（Asia\/Shanghai）$/,
    );
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls().map((call) => call.route)).toEqual(['POST /schedules']);
    expect(calls()[0]!.body).toEqual({
      name: '品牌周报',
      enabled: true,
      page: 'overview',
      template: null,
      frequency: 'weekly',
      weekday: 1,
      day: 1,
      time: '07:30',
      range: 'last_days',
      last_days: 14,
      query: { q: '', filters: [], denoise: '' },
      formats: ['pdf', 'docx'],
      channel_ids: [],
    });
    expect(vi.mocked(message.success)).toHaveBeenCalledWith('保存成功');
  });

  it('puts an edited schedule by its id and keeps its query’s filters', async () => {
    const { calls } = serve();
    const stored = testSchedule({
      query: {
        q: '',
        filters: [{ field: 'tendency', value: ['negative'], exclude: false, ignore: false }],
        denoise: 'NO',
      },
    });
    const onSaved = show(stored);
    type('schedule-keyword', '星河S7');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls()[0]!.route).toBe('PUT /schedules');
    expect(calls()[0]!.params.get('id')).toBe(SCHEDULE_ID);
    expect(calls()[0]!.body).toMatchObject({
      name: '品牌周报',
      channel_ids: [CHANNEL_ID],
      query: { q: '星河S7', filters: stored.query.filters, denoise: 'NO' },
    });
  });

  it('says 保存失败 with the server’s reason', async () => {
    fakeApi({
      'GET /report/list': () => ({ list: [] }),
      'PUT /schedules': () => envelope(null, 400, '页面不存在或未发布'),
    });
    const onSaved = show(testSchedule());
    save();
    await waitFor(() =>
      expect(vi.mocked(message.error)).toHaveBeenCalledWith('保存失败：页面不存在或未发布'),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('takes a report as its template, whose page it reports on', async () => {
    const { calls } = serve();
    const onSaved = show();
    type('schedule-name', '品牌周报');
    act(() => void fireEvent.mouseDown(input('schedule-template')));
    click(await screen.findByText('周报模板'));
    await waitFor(() =>
      expect(input('schedule-page').closest('.ant-select')!.className).toContain('disabled'),
    );
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls()[0]!.body).toMatchObject({ page: 'overview', template: TEMPLATE_ID });
  });

  it('says where channels come from when the project has none', () => {
    serve();
    show(undefined, []);
    expect(screen.getByTestId('schedule-no-channels').textContent).toContain(
      '请先在「预警规则」中为规则添加通知渠道',
    );
  });
});
