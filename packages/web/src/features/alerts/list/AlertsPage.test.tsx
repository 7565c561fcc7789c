// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Alert, AlertLevel, AlertMeasure, ConditionKind } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fakeApi';
import { silenceMessages } from '../../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../../testing/testSession';
import { useUnreadAlerts } from '../unreadAlerts';
import { AlertsPage } from './AlertsPage';

const HOUR = 3_600_000;
const post = (id: string, title: string) => ({
  _id: id,
  title,
  uri: `https://weibo.example/${id}`,
  created: 1_760_000_000_000,
  author: '车主小王',
  media: '微博',
  media_platform: 'Weibo',
  engagement_num: 120,
});

type Rule = { id: string; name: string; kind: ConditionKind; measure: Partial<AlertMeasure> };

function alertOf(id: string, rule: Rule, level: AlertLevel, read: boolean): Alert {
  const start = 1_760_000_000_000;
  return {
    _id: id,
    rule_id: rule.id,
    rule_name: rule.name,
    condition_kind: rule.kind,
    level,
    raised_at: start + HOUR,
    updated_at: start + HOUR,
    updates: 0,
    started_at: start,
    measure: {
      window_start: start,
      window_end: start + HOUR,
      value: 48,
      threshold: 3.5,
      count: 48,
      baseline: null,
      terms: [],
      ...rule.measure,
    },
    top_posts: [post(`${id}-top`, `${rule.name}的热门文章`)],
    top_words: [{ name: '召回', value: 30 }],
    platforms: [{ name: 'Weibo', value: 40 }],
    first_post: post(`${id}-first`, `${rule.name}的首发`),
    link: `/yuqing/demo/demo/latest/#/?query=${id}`,
    read,
  };
}

const RECALL: Rule = {
  id: 'r1',
  name: '召回负面突增',
  kind: 'spike',
  measure: { baseline: { median: 3, mad: 1, score: 30.3 } },
};
const VOLUME: Rule = {
  id: 'r2',
  name: '声量超阈值',
  kind: 'volume',
  measure: { value: 120, threshold: 100, count: 120 },
};
/** A rule that has raised nothing yet: the filter names it all the same. */
const NEW_TERMS: Rule = { id: 'r3', name: '新词监测', kind: 'new_term', measure: {} };

/** A server's alert list: filters by rule and level, and marks read. */
function serve() {
  const alerts = [
    alertOf('a1', RECALL, 'critical', false),
    alertOf('a2', VOLUME, 'warning', false),
    alertOf('a3', RECALL, 'critical', true),
  ];
  return fakeApi({
    'GET /alert_rules/names': () =>
      [RECALL, VOLUME, NEW_TERMS].map((rule) => ({ _id: rule.id, name: rule.name })),
    'GET /alerts': ({ params }) => {
      const list = alerts.filter(
        (alert) =>
          (!params.get('rule_id') || alert.rule_id === params.get('rule_id')) &&
          (!params.get('level') || alert.level === params.get('level')),
      );
      return { list, total: list.length, unread: alerts.filter((alert) => !alert.read).length };
    },
    'POST /alerts/read': ({ body }) => {
      const { ids = [], all } = body as { ids?: string[]; all?: boolean };
      for (const alert of alerts) if (all || ids.includes(alert._id)) alert.read = true;
      return { marked: ids.length };
    },
  });
}

function show() {
  render(
    <SessionWrapper session={testSession({ medias: [{ code: 'Weibo', name: '微博' }] })}>
      <AlertsPage />
    </SessionWrapper>,
  );
}

const unreadCards = () => document.querySelectorAll('[data-unread="true"]').length;
/** The badge's count (its digits roll while it changes, so not its text). */
const unreadBadge = () =>
  screen.getByTestId('alerts-unread').querySelector('[title]')?.getAttribute('title');
const pick = async (testId: string, label: string) => {
  const select = screen.getByTestId(testId);
  act(() => void fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select));
  act(
    () =>
      void fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`)!),
  );
};

beforeEach(() => {
  silenceMessages();
  useUnreadAlerts.setState({ count: undefined });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AlertsPage', () => {
  it('marks and counts the unread alerts, and tells each alert’s numbers, first post and link', async () => {
    serve();
    show();
    await screen.findByTestId('alert-a1');
    expect(unreadCards()).toBe(2);
    expect(unreadBadge()).toBe('2');
    expect(useUnreadAlerts.getState().count).toBe(2);
    const card = screen.getByTestId('alert-a1');
    expect(card.textContent).toContain('声量突增');
    expect(card.textContent).toContain('48 条，基线中位数 3 条，得分 30.3（阈值 3.5）');
    expect(
      screen.getByTestId('alert-a2').querySelector('[data-testid="alert-measure"]')!.textContent,
    ).toBe('声量 120 条（阈值 100 条）');
    expect(card.textContent).toContain('召回负面突增的首发');
    expect(card.textContent).toContain('微博');
    expect(card.querySelector('[data-testid="alert-link"]')!.getAttribute('href')).toBe(
      '/yuqing/demo/demo/latest/#/?query=a1',
    );
  });

  it('marks one alert read, then all, and the counts follow', async () => {
    const { calls } = serve();
    show();
    await screen.findByTestId('alert-a1');
    act(
      () =>
        void fireEvent.click(
          screen.getByTestId('alert-a1').querySelector('[data-testid="alert-mark-read"]')!,
        ),
    );
    await waitFor(() => expect(unreadCards()).toBe(1));
    expect(unreadBadge()).toBe('1');
    expect(calls.find((call) => call.route === 'POST /alerts/read')!.body).toEqual({ ids: ['a1'] });

    act(() => void fireEvent.click(screen.getByTestId('alerts-read-all')));
    await waitFor(() => expect(unreadCards()).toBe(0));
    expect(useUnreadAlerts.getState().count).toBe(0);
  });

  it('filters by rule, naming every rule of the project, and by level', async () => {
    const { calls } = serve();
    show();
    await screen.findByTestId('alert-a2');
    await pick('alerts-filter-rule', '新词监测');
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy());
    expect(calls.at(-1)!.params.get('rule_id')).toBe('r3');
    await pick('alerts-filter-rule', '召回负面突增');
    await screen.findByTestId('alert-a3');
    expect(screen.queryByTestId('alert-a2')).toBeNull();
    expect(calls.at(-1)!.params.get('rule_id')).toBe('r1');

    await pick('alerts-filter-level', '警告');
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy());
    expect(calls.at(-1)!.params.get('level')).toBe('warning');
  });
});
