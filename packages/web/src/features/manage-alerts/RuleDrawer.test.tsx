// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SECRET_MASK, alertRule, type AlertRule } from '@yuqing/core';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../testing/fakeApi';
import { silenceMessages } from '../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { RuleDrawer } from './RuleDrawer';

const RULE_ID = '7f0c3c9e-2f4b-4a53-9a84-1d1f0e6b2a10';
const CHANNEL_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';

const negativeShare: AlertRule = alertRule.parse({
  _id: RULE_ID,
  name: '负面占比过高',
  level: 'critical',
  interval_minutes: 15,
  query: { q: '星河S7', filters: [] },
  condition: { kind: 'negative_share', window_minutes: 60, threshold: 0.4, min_count: 20 },
  created_at: 0,
  updated_at: 0,
  last_checked_at: null,
});

function serve() {
  return fakeApi({
    'GET /alerts/channels': () => ({
      rule_id: RULE_ID,
      channels: [{ id: CHANNEL_ID, kind: 'wecom', url: SECRET_MASK }],
      errors: [],
    }),
    'POST /alert_rules': ({ body }) => ({ ...(body as object), ...idAndTimes }),
    'PUT /alert_rules': ({ body }) => ({ ...(body as object), ...idAndTimes }),
    'PUT /alerts/channels': ({ body }) => ({
      rule_id: RULE_ID,
      channels: (body as { channels: unknown[] }).channels,
      errors: [],
    }),
  });
}
const idAndTimes = { _id: RULE_ID, created_at: 0, updated_at: 0, last_checked_at: null };

function show(rule?: AlertRule) {
  const onSaved = vi.fn();
  render(
    <SessionWrapper session={testSession()}>
      <RuleDrawer rule={rule} onClose={() => undefined} onSaved={onSaved} />
    </SessionWrapper>,
  );
  return onSaved;
}

const type = (testId: string, value: string) =>
  act(() => void fireEvent.change(screen.getByTestId(testId), { target: { value } }));
const save = () => act(() => void fireEvent.click(screen.getByTestId('rule-save')));
const sent = (calls: ReturnType<typeof serve>['calls'], route: string) =>
  calls.filter((call) => call.route === route).map((call) => call.body);

beforeEach(() => silenceMessages());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RuleDrawer', () => {
  it('names what is missing on its field and sends nothing', async () => {
    const { calls } = serve();
    show();
    save();
    expect(await screen.findByText('请输入规则名称')).toBeTruthy();
    expect(sent(calls, 'POST /alert_rules')).toEqual([]);
  });

  it('refuses a share above 1 and quiet hours that start when they end, with the contract’s words', async () => {
    const { calls } = serve();
    show(negativeShare);
    type('rule-threshold', '1.5');
    act(() => void fireEvent.click(screen.getByTestId('rule-quiet')));
    await screen.findByTestId('rule-quiet-start');
    type('rule-quiet-start', '22:00');
    type('rule-quiet-end', '22:00');
    save();
    expect(await screen.findByText('比例不能大于 1')).toBeTruthy();
    expect(screen.getByText('开始和结束不能相同')).toBeTruthy();
    expect(sent(calls, 'PUT /alert_rules')).toEqual([]);
  });

  it('saves an edited rule and keeps a stored secret it never showed', async () => {
    const { calls } = serve();
    const onSaved = show(negativeShare);
    // The drawer turns to the saved rule, and reads its channels again, only after their save.
    const channelSavesBeforeOnSaved: number[] = [];
    onSaved.mockImplementation(() =>
      channelSavesBeforeOnSaved.push(sent(calls, 'PUT /alerts/channels').length),
    );
    await waitFor(() => expect(screen.getByTestId('channel-0-url')).toBeTruthy());
    expect((screen.getByTestId('channel-0-url') as HTMLInputElement).placeholder).toContain(
      SECRET_MASK,
    );
    type('rule-threshold', '0.3');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent(calls, 'PUT /alert_rules')[0]).toMatchObject({
      _id: RULE_ID,
      name: '负面占比过高',
      condition: { kind: 'negative_share', threshold: 0.3 },
      quiet_hours: null,
    });
    expect(sent(calls, 'PUT /alerts/channels')[0]).toEqual({
      channels: [{ id: CHANNEL_ID, kind: 'wecom', url: SECRET_MASK }],
    });
    expect(channelSavesBeforeOnSaved).toEqual([1]);
    expect(vi.mocked(message.success)).toHaveBeenCalledWith('保存成功');
  });

  it('refuses a channel whose address is not http(s) before saving the rule', async () => {
    const { calls } = serve();
    show(negativeShare);
    await waitFor(() => expect(screen.getByTestId('channel-0-url')).toBeTruthy());
    type('channel-0-url', 'ftp://robot.example.com');
    save();
    await waitFor(() =>
      expect(vi.mocked(message.error)).toHaveBeenCalledWith(
        '企业微信 · Webhook 地址：应为 http(s) 地址',
      ),
    );
    expect(sent(calls, 'PUT /alert_rules')).toEqual([]);
  });

  it('says why a server keeps no channels, and still saves the rule', async () => {
    const keyMissing = '未配置 ALERT_SECRET_KEY：通知渠道的地址与密钥须加密保存';
    const { calls } = fakeApi({
      'GET /alerts/channels': () => envelope(null, 503, keyMissing),
      'PUT /alert_rules': ({ body }) => ({ ...(body as object), ...idAndTimes }),
    });
    const onSaved = show(negativeShare);
    expect((await screen.findByTestId('rule-channels-unavailable')).textContent).toContain(
      keyMissing,
    );
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.filter((call) => call.route === 'PUT /alerts/channels')).toEqual([]);
    expect(vi.mocked(message.success)).toHaveBeenCalledWith('保存成功');
  });
});
