import { describe, expect, it } from 'vitest';
import {
  SECRET_MASK,
  alertChannelAnswered,
  alertChannelConfig,
  alertChannelInput,
  answerChannel,
  withKeptSecrets,
  type AlertChannelConfig,
} from './delivery.js';

const id = '7d6f3c52-5a57-4f0e-9d36-1f3c1b1e2a10';
const dingtalk: AlertChannelConfig = {
  kind: 'dingtalk',
  url: 'https://oapi.dingtalk.com/robot/send?access_token=abc',
  secret: 'SEC123',
};
const email: AlertChannelConfig = {
  kind: 'email',
  host: 'smtp.example.com',
  port: 465,
  secure: true,
  user: 'alerts',
  password: 'hunter2',
  from: 'alerts@example.com',
  to: ['team@example.com'],
};

describe('answerChannel', () => {
  it('shows every secret as the mask and keeps the rest', () => {
    const shown = answerChannel(id, dingtalk);
    expect(shown).toEqual({ id, kind: 'dingtalk', url: SECRET_MASK, secret: SECRET_MASK });
    expect(answerChannel(id, email)).toEqual({ ...email, id, password: SECRET_MASK });
    expect(alertChannelAnswered.parse(shown)).toEqual(shown);
  });

  it('leaves out a secret that is not set', () => {
    const unsigned: AlertChannelConfig = { kind: 'dingtalk', url: dingtalk.url };
    expect(answerChannel(id, unsigned)).toEqual({ id, kind: 'dingtalk', url: SECRET_MASK });
  });
});

describe('withKeptSecrets', () => {
  it('fills secrets left out or sent back masked from the stored channel', () => {
    const input = alertChannelInput.parse({ id, kind: 'dingtalk', secret: SECRET_MASK });
    expect(alertChannelConfig.parse(withKeptSecrets(input, dingtalk))).toEqual(dingtalk);
  });

  it('removes an optional secret sent empty, and takes a new one as given', () => {
    const cleared = alertChannelInput.parse({ id, kind: 'dingtalk', secret: '' });
    expect(withKeptSecrets(cleared, dingtalk)).toEqual({ kind: 'dingtalk', url: dingtalk.url });
    const changed = alertChannelInput.parse({ id, kind: 'dingtalk', secret: 'SEC999' });
    expect(withKeptSecrets(changed, dingtalk)).toEqual({ ...dingtalk, secret: 'SEC999' });
  });

  it('keeps nothing from a stored channel of another kind', () => {
    const input = alertChannelInput.parse({ id, kind: 'webhook' });
    const result = alertChannelConfig.safeParse(withKeptSecrets(input, dingtalk));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['url', 'secret']);
  });
});

describe('alertChannelConfig', () => {
  it('refuses an address that is not http(s) and an email channel without recipients', () => {
    const wecom = alertChannelConfig.safeParse({ kind: 'wecom', url: 'file:///etc/passwd' });
    expect(wecom.error?.issues[0]?.message).toBe('应为 http(s) 地址');
    const noRecipients = alertChannelConfig.safeParse({ ...email, to: [] });
    expect(noRecipients.error?.issues[0]?.message).toBe('请至少填写一个收件人');
  });
});
