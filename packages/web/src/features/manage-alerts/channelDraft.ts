import {
  ALERT_CHANNEL_LABELS,
  alertChannelInput,
  type AlertChannelAnswered,
  type AlertChannelInput,
  type AlertChannelKind,
} from '@yuqing/core';
import { zh, type ZhText } from '../../i18n/translateText';
import type { Translate } from '../../i18n/useT';
import { checkWithSchema, type FieldIssue } from '../../forms/schemaIssues';

/** A channel as the form edits it: the answered channel's fields, secrets still masked. */
export type ChannelDraft = { kind: AlertChannelKind; id?: string } & Record<string, unknown>;

export function newChannel(kind: AlertChannelKind): ChannelDraft {
  if (kind === 'email') return { kind, host: '', port: 465, secure: true, from: '', to: [] };
  return { kind, url: '' };
}

export const channelDrafts = (answered: AlertChannelAnswered[]): ChannelDraft[] =>
  answered.map((channel) => ({ ...channel }));

const LABELS: Record<string, ZhText> = {
  url: zh('Webhook 地址'),
  secret: zh('签名密钥'),
  host: zh('SMTP 服务器'),
  port: zh('端口'),
  user: zh('用户名'),
  password: zh('密码'),
  from: zh('发件人'),
  to: zh('收件人'),
};

/** Empty optional fields are left out, so a blank user or secret is not sent as ''. */
function compact(draft: ChannelDraft): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(draft).filter(([, value]) => value !== '' && value !== undefined),
  );
}

/** A channel checked by the contract: as the API takes it, or its problems, named in words. */
export function checkChannel(
  draft: ChannelDraft,
  t: Translate,
): { ok: true; channel: AlertChannelInput } | { ok: false; issues: FieldIssue[] } {
  const checked = checkWithSchema(
    alertChannelInput,
    compact(draft),
    (path) => {
      const name = path.findLast((key) => typeof key === 'string');
      return t(LABELS[String(name)] ?? zh('内容'));
    },
    t,
  );
  return checked.ok ? { ok: true, channel: checked.data } : checked;
}

/** 企业微信 · Webhook 地址：应为 http(s) 地址. */
export function channelProblem(draft: ChannelDraft, issue: FieldIssue, t: Translate): string {
  const label = LABELS[String(issue.path[0])];
  const field = label && t(label);
  const channel = t.label(ALERT_CHANNEL_LABELS[draft.kind]);
  return field && !issue.message.startsWith(field)
    ? t('{channel} · {field}：{problem}', { channel, field, problem: issue.message })
    : t('{channel}：{problem}', { channel, problem: issue.message });
}
