import { createHmac } from 'node:crypto';
import type { AlertChannelConfig, ParsedAlertMessage } from '@yuqing/core';
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

/** The alert as JSON: the message's own fields, for receivers that build their own text. */
export function webhookBody(message: ParsedAlertMessage, event: 'alert' | 'test'): string {
  return JSON.stringify({ event, alert: message });
}

export async function sendWebhook(
  channel: WebhookChannel,
  message: ParsedAlertMessage,
  event: 'alert' | 'test',
  destinations: Destinations,
) {
  const body = webhookBody(message, event);
  const timestamp = Math.floor(Date.now() / 1000);
  await postJson('Webhook ', channel.url, body, destinations, {
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: webhookSignature(channel.secret, timestamp, body),
  });
}
