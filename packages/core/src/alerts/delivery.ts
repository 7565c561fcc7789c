import { z } from 'zod';
import { ALERT_LEVELS } from './rule.js';

/**
 * Delivery of early-warning alerts to a team: what a message says, each channel kind's settings,
 * and the channel routes' contracts. Secrets (webhook addresses carry their tokens) are written
 * by admins and never read back: answers show `SECRET_MASK` in their place.
 */

/** What an answer shows in place of a secret that is set. */
export const SECRET_MASK = '已设置';

/** Channels a rule may have. */
export const ALERT_CHANNELS_MAX = 10;

export const ALERT_CHANNEL_KINDS = ['wecom', 'dingtalk', 'feishu', 'email', 'webhook'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

export const ALERT_CHANNEL_LABELS: Record<AlertChannelKind, string> = {
  wecom: '企业微信',
  dingtalk: '钉钉',
  feishu: '飞书',
  email: '邮件',
  webhook: 'Webhook',
};

const text = (max: number) => z.string().max(max);
const epochMs = z.number().int().nonnegative();

const alertPost = z.object({
  title: text(500),
  url: text(8000),
  platform: text(100),
  engagement: z.number().nonnegative(),
});

/** One alert (or an update of it) as every channel tells it; part A maps its alerts to this. */
export const alertMessage = z.object({
  ruleName: text(200),
  level: z.enum(ALERT_LEVELS),
  raisedAt: epochMs,
  /** An alert already sent that has grown since. */
  updated: z.boolean().optional(),
  /** The time zone the times are told in. */
  timeZone: z.string().default('Asia/Shanghai'),
  window: z.object({ from: epochMs, to: epochMs }),
  numbers: z.object({
    /** `share`: current and baseline are shares (0 to 1), told as percents. */
    measure: z.enum(['count', 'share']).default('count'),
    current: z.number(),
    baseline: z.number(),
    /** How far above the baseline, as the rule measures it (a z-score, a ratio). */
    score: z.number().optional(),
    /** The matching posts' share of all posts, 0 to 1. */
    share: z.number().min(0).max(1).optional(),
  }),
  topPosts: z.array(alertPost).max(20),
  topWords: z.array(text(100)).max(50),
  platforms: z.array(z.object({ name: text(100), count: z.number().nonnegative() })).max(50),
  /** The earliest matching post (首发). */
  firstPost: alertPost.extend({ created: epochMs }).optional(),
  /** The alert in the product. */
  link: z.url({ protocol: /^https?$/ }),
});
export type AlertMessage = z.input<typeof alertMessage>;
export type ParsedAlertMessage = z.output<typeof alertMessage>;

const webhookUrl = z.url({ protocol: /^https?$/, error: '应为 http(s) 地址' }).max(2000);
const signingSecret = z.string().trim().min(1, '请填写签名密钥').max(200);

const wecomChannel = z.object({ kind: z.literal('wecom'), url: webhookUrl });
const dingtalkChannel = z.object({
  kind: z.literal('dingtalk'),
  url: webhookUrl,
  /** 加签 (SEC…); without it the robot must be keyword- or address-protected. */
  secret: signingSecret.optional(),
});
const feishuChannel = z.object({
  kind: z.literal('feishu'),
  url: webhookUrl,
  secret: signingSecret.optional(),
});
const webhookChannel = z.object({
  kind: z.literal('webhook'),
  url: webhookUrl,
  secret: signingSecret,
});
const emailChannel = z.object({
  kind: z.literal('email'),
  host: z.string().trim().min(1, '请填写 SMTP 服务器').max(255),
  port: z.number().int().min(1).max(65535),
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: z.string().max(255).optional(),
  password: z.string().max(500).optional(),
  from: z.email('应为邮箱地址').max(255),
  to: z.array(z.email('应为邮箱地址').max(255)).min(1, '请至少填写一个收件人').max(50),
});

/** A channel's full settings, secrets included (what is stored, encrypted). */
export const alertChannelConfig = z.discriminatedUnion('kind', [
  wecomChannel,
  dingtalkChannel,
  feishuChannel,
  emailChannel,
  webhookChannel,
]);
export type AlertChannelConfig = z.infer<typeof alertChannelConfig>;

/** The secret fields of each kind. */
export const ALERT_CHANNEL_SECRETS = {
  wecom: ['url'],
  dingtalk: ['url', 'secret'],
  feishu: ['url', 'secret'],
  email: ['password'],
  webhook: ['url', 'secret'],
} as const satisfies Record<AlertChannelKind, readonly string[]>;

const channelId = z.uuid();
const mask = z.literal(SECRET_MASK);
/** A secret field as a form sends it back: left out, or as the mask it was shown. */
const keepable = <T extends z.ZodType>(secret: T) => z.union([mask, secret]).optional();
/** An optional signing secret: `''` removes the stored one. */
const removable = z.union([mask, signingSecret, z.literal('')]).optional();
const saved = { id: channelId.optional() };

/**
 * A channel as an admin saves it: a secret left out (or sent back as `SECRET_MASK`) of a channel
 * named by `id` keeps its stored value, so a form that never saw the secrets can be saved again.
 */
export const alertChannelInput = z.discriminatedUnion('kind', [
  wecomChannel.extend({ ...saved, url: keepable(webhookUrl) }),
  dingtalkChannel.extend({ ...saved, url: keepable(webhookUrl), secret: removable }),
  feishuChannel.extend({ ...saved, url: keepable(webhookUrl), secret: removable }),
  emailChannel.extend(saved),
  webhookChannel.extend({ ...saved, url: keepable(webhookUrl), secret: keepable(signingSecret) }),
]);
export type AlertChannelInput = z.infer<typeof alertChannelInput>;

const answered = { id: channelId };

/** A channel as answered: secrets shown as `SECRET_MASK` when set, absent when not. */
export const alertChannelAnswered = z.discriminatedUnion('kind', [
  wecomChannel.extend({ ...answered, url: mask }),
  dingtalkChannel.extend({ ...answered, url: mask, secret: mask.optional() }),
  feishuChannel.extend({ ...answered, url: mask, secret: mask.optional() }),
  emailChannel.extend({ ...answered, password: mask.optional() }),
  webhookChannel.extend({ ...answered, url: mask, secret: mask }),
]);
export type AlertChannelAnswered = z.infer<typeof alertChannelAnswered>;

/** The newest failed send of a channel, for the rule screen. */
export const alertDeliveryError = z.object({
  channelId: channelId,
  kind: z.enum(ALERT_CHANNEL_KINDS),
  error: z.string(),
  at: epochMs,
  /** `failed`: given up; `retrying`: another try is due. */
  state: z.enum(['failed', 'retrying']),
});
export type AlertDeliveryError = z.infer<typeof alertDeliveryError>;

/** `GET /alerts/channels?rule_id=` and the answer of its PUT. */
export const alertChannelsAnswer = z.object({
  rule_id: z.uuid(),
  channels: z.array(alertChannelAnswered),
  errors: z.array(alertDeliveryError),
});
export type AlertChannelsAnswer = z.infer<typeof alertChannelsAnswer>;

export const alertChannelsQuery = z.object({ rule_id: z.uuid() });

/** `PUT /alerts/channels?rule_id=`: the rule's channels as they should be, in order. */
export const replaceAlertChannelsRequest = z.object({
  channels: z.array(alertChannelInput).max(ALERT_CHANNELS_MAX),
});

/** `POST /alerts/channels/test`: a channel to send a sample message through. */
export const testAlertChannelRequest = z.object({
  /** With a saved channel's `id`: the rule whose stored secrets fill what the form left out. */
  rule_id: z.uuid().optional(),
  channel: alertChannelInput,
});

export const testAlertChannelAnswer = z.object({
  delivered: z.boolean(),
  /** Why the channel refused or could not be reached. */
  error: z.string().optional(),
});

/** A channel with its secrets masked, as answers show it. */
export function answerChannel(id: string, config: AlertChannelConfig): AlertChannelAnswered {
  const shown: Record<string, unknown> = { ...config, id };
  for (const field of ALERT_CHANNEL_SECRETS[config.kind]) {
    if (shown[field] === undefined) delete shown[field];
    else shown[field] = SECRET_MASK;
  }
  return shown as AlertChannelAnswered;
}

/**
 * An admin's channel with the secrets it left out taken from the stored channel of its `id`
 * (of the same kind), ready to be checked against `alertChannelConfig`.
 */
export function withKeptSecrets(
  input: AlertChannelInput,
  stored: AlertChannelConfig | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...input };
  delete merged.id;
  const kept = stored?.kind === input.kind ? (stored as Record<string, unknown>) : {};
  for (const field of ALERT_CHANNEL_SECRETS[input.kind]) {
    if (merged[field] === '') delete merged[field];
    else if (merged[field] === undefined || merged[field] === SECRET_MASK)
      merged[field] = kept[field];
  }
  return merged;
}
