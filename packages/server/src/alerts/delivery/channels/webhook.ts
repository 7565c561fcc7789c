import { createHmac } from 'node:crypto';
import type { AlertChannelConfig } from '@yuqing/core';
import type { ChannelMessage } from '../channel-message.js';
import type { Destinations } from '../../../net/destination.js';
import { postJson } from '../http-post.js';

type WebhookChannel = Extract<AlertChannelConfig, { kind: 'webhook' }>;

export const SIGNATURE_HEADER = 'x-yuqing-signature';
export const TIMESTAMP_HEADER = 'x-yuqing-timestamp';

/**
 * `sha256=<hex>` of HMAC-SHA256 with the channel's secret over `{timestamp}.{body}`: the
 * timestamp (Unix seconds, also in its header) is signed too, so a receiver can refuse replays.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export async function sendWebhook(
  channel: WebhookChannel,
  message: ChannelMessage,
  destinations: Destinations,
) {
  const body = JSON.stringify(message.webhook);
  const timestamp = Math.floor(Date.now() / 1000);
  await postJson('Webhook ', channel.url, body, destinations, {
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: webhookSignature(channel.secret, timestamp, body),
  });
}
