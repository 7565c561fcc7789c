// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { alertRule, type ListedAlertRule } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fakeApi';
import { silenceMessages } from '../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { ManageAlertsPage } from './ManageAlertsPage';

const BUSY = '7f0c3c9e-2f4b-4a53-9a84-1d1f0e6b2a10';
const QUIET = '2c1d3f4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
/** 2026/11/01 10:30 in Shanghai. */
const RAISED = Date.UTC(2026, 10, 1, 2, 30);

const listed = (id: string, name: string, activity: Partial<ListedAlertRule>): ListedAlertRule => ({
  ...alertRule.parse({
    _id: id,
    name,
    condition: { kind: 'volume', threshold: 100 },
    created_at: 0,
    updated_at: 0,
    last_checked_at: null,
  }),
  last_alert_at: null,
  recent_alerts: 0,
  ...activity,
});

beforeEach(() => silenceMessages());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ManageAlertsPage', () => {
  it('marks each rule’s last alert and failing channel from the rule list and one error call', async () => {
    const { calls } = fakeApi({
      'GET /alert_rules': () => [
        listed(BUSY, '声量预警', { last_alert_at: RAISED, recent_alerts: 3 }),
        listed(QUIET, '新规则', {}),
      ],
      'GET /alerts/channels/errors': () => [
        {
          ruleId: BUSY,
          channelId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
          kind: 'webhook',
          error: '连接被拒绝（ECONNREFUSED）',
          at: RAISED,
          state: 'failed',
        },
      ],
    });
    render(
      <SessionWrapper session={testSession()}>
        <ManageAlertsPage />
      </SessionWrapper>,
    );
    const busy = await screen.findByTestId('alert-rule-声量预警');
    await waitFor(() =>
      expect(busy.textContent).toContain('Webhook 发送失败：连接被拒绝（ECONNREFUSED）'),
    );
    expect(busy.textContent).toContain('2026/11/01 10:30');
    expect(busy.textContent).toContain('近 7 天 3 条');
    const fresh = screen.getByTestId('alert-rule-新规则');
    expect(fresh.textContent).toContain('暂无预警');
    expect(fresh.querySelector('[data-testid="alert-rule-failing"]')).toBeNull();
    // One call for the rules and one for the failing channels: none per rule, no alert list.
    expect(calls.map((call) => call.route).sort()).toEqual([
      'GET /alert_rules',
      'GET /alerts/channels/errors',
    ]);
  });
});
