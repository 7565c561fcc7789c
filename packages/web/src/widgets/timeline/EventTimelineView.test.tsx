// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { baseQuery, chart, post, type EventTimelineAnswer } from '@yuqing/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../i18n/localeStore';
import EventTimelineView from './EventTimelineView';

afterEach(() => {
  cleanup();
  useLocaleStore.setState({ locale: 'zh_CN' });
});

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1, 1);
const posted = (id: string, created: number, title: string) =>
  post.parse({ _id: id, created, title, author: '星河车主', uri: `https://weibo.com/${id}` });

const DATA: EventTimelineAnswer = {
  interval: 'day',
  events: [
    { kind: 'first', time: T0, post: posted('a', T0, '<img src=x onerror=alert(1)>首发') },
    {
      kind: 'peak',
      time: T0 + 24 * HOUR,
      end: T0 + 48 * HOUR,
      posts: 1234,
      post: posted('b', T0 + 25 * HOUR, '峰值帖'),
    },
    {
      kind: 'turn',
      time: T0 + 48 * HOUR,
      end: T0 + 72 * HOUR,
      share: 0.6,
      previous: 0.1,
      post: posted('c', T0 + 50 * HOUR, '转折帖'),
    },
    {
      kind: 'spreader',
      time: T0 + 60 * HOUR,
      author: '大V',
      posts: 3,
      engagement: 56789,
      post: posted('d', T0 + 60 * HOUR, '传播帖'),
    },
  ],
};

function draw() {
  const noop = () => {};
  return render(
    <EventTimelineView
      chart={chart.parse({
        i: 'w9',
        type: 'event-timeline',
        title: '事件脉络',
        x: 0,
        y: 0,
        w: 12,
        h: 24,
      })}
      data={DATA}
      colors={{ palette: [], of: () => '#000' }}
      valueType="volume"
      interval="day"
      timeZone="Asia/Shanghai"
      query={baseQuery(T0, 'Asia/Shanghai')}
      onDrill={noop}
      onRange={noop}
    />,
  );
}

describe('EventTimelineView', () => {
  it('lists each event with its name, why it is there, and a link to its post', () => {
    const { container, getByTestId } = draw();
    const kinds = [...container.querySelectorAll('[data-testid^="timeline-event-"]')].map((item) =>
      item.getAttribute('data-testid'),
    );
    expect(kinds).toEqual([
      'timeline-event-first',
      'timeline-event-peak',
      'timeline-event-turn',
      'timeline-event-spreader',
    ]);
    expect(getByTestId('timeline-event-peak').textContent).toContain('声量峰值');
    expect(getByTestId('timeline-event-peak').textContent).toContain('1,234 条信息');
    expect(getByTestId('timeline-event-turn').textContent).toContain('负面升温');
    expect(getByTestId('timeline-event-turn').textContent).toContain('10.00% → 60.00%');
    expect(getByTestId('timeline-event-spreader').textContent).toContain(
      '大V：3 条信息，互动 56,789',
    );
    const link = getByTestId('timeline-event-peak').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://weibo.com/b');
  });

  it('shows a title that holds markup as text', () => {
    const { container, getByTestId } = draw();
    expect(container.querySelector('img')).toBeNull();
    expect(getByTestId('timeline-event-first').textContent).toContain('img src=x onerror=alert(1)');
  });

  it('names the events in English when the interface is', () => {
    useLocaleStore.setState({ locale: 'en_US' });
    const { getByTestId } = draw();
    expect(getByTestId('timeline-event-turn').textContent).toContain('Negative rising');
    expect(getByTestId('timeline-event-peak').textContent).toContain('1,234 posts');
  });
});
