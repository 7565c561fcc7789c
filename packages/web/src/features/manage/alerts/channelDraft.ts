import {
  ALERT_CHANNEL_LABELS,
  alertChannelInput,
  type AlertChannelAnswered,
  type AlertChannelInput,
  type AlertChannelKind,
} from '@yuqing/core';
import { checkWithSchema, type FieldIssue } from '../data/schemaIssues';

/** A channel as the form edits it: the answered channel's fields, secrets still masked. */
export type ChannelDraft = { kind: AlertChannelKind; id?: string } & Record<string, unknown>;

export function newChannel(kind: AlertChannelKind): ChannelDraft {
  if (kind === 'email') return { kind, host: '', port: 465, secure: true, from: '', to: [] };
  return { kind, url: '' };
}

export const channelDrafts = (answered: AlertChannelAnswered[]): ChannelDraft[] =>
  answered.map((channel) => ({ ...channel }));

const LABELS: Record<string, string> = {
  url: 'Webhook 地址',
  secret: '签名密钥',
  host: 'SMTP 服务器',
  port: '端口',
  user: '用户名',
  password: '密码',
  from: '发件人',
  to: '收件人',
};

/** Empty optional fields are left out, so a blank user or secret is not sent as ''. */
function compact(draft: ChannelDraft): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(draft).filter(([, value]) => value !== '' && value !== undefined),
  );
}

/** A channel checked by the contract: as the API takes it, or its problems, named in Chinese. */
export function checkChannel(
  draft: ChannelDraft,
): { ok: true; channel: AlertChannelInput } | { ok: false; issues: FieldIssue[] } {
  const checked = checkWithSchema(alertChannelInput, compact(draft), (path) => {
    const name = path.findLast((key) => typeof key === 'string');
    return LABELS[String(name)] ?? '内容';
  });
  return checked.ok ? { ok: true, channel: checked.data } : checked;
}

/** 企业微信 · Webhook 地址：应为 http(s) 地址. */
export function channelProblem(draft: ChannelDraft, issue: FieldIssue): string {
  const field = LABELS[String(issue.path[0])];
  return `${ALERT_CHANNEL_LABELS[draft.kind]}${field && !issue.message.startsWith(field) ? ` · ${field}：` : '：'}${issue.message}`;
}
