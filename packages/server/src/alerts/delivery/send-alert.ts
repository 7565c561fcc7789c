import type { AlertChannelConfig, ParsedAlertMessage } from '@yuqing/core';
import type { ChannelMessage } from './channel-message.js';
import { sendDingtalk } from './channels/dingtalk.js';
import { sendEmail } from './channels/email.js';
import { sendFeishu } from './channels/feishu.js';
import { sendWecom } from './channels/wecom.js';
import { sendWebhook } from './channels/webhook.js';
import { alertLines, alertTitle } from './message-lines.js';
import type { Destinations } from '../../net/destination.js';

/**
 * Sends a message through a channel, connecting only to addresses `destinations` allows; throws
 * a `DeliveryError` when it was not delivered.
 */
export async function sendToChannel(
  channel: AlertChannelConfig,
  message: ChannelMessage,
  destinations: Destinations,
): Promise<void> {
  switch (channel.kind) {
    case 'wecom':
      return sendWecom(channel, message, destinations);
    case 'dingtalk':
      return sendDingtalk(channel, message, destinations);
    case 'feishu':
      return sendFeishu(channel, message, destinations);
    case 'email':
      return sendEmail(channel, message, destinations);
    case 'webhook':
      return sendWebhook(channel, message, destinations);
  }
}

/** An alert as every channel sends it; a webhook receives the alert's own fields. */
export function alertChannelMessage(
  message: ParsedAlertMessage,
  event: 'alert' | 'test' = 'alert',
): ChannelMessage {
  return {
    title: alertTitle(message),
    level: message.level,
    lines: (markup) => alertLines(message, markup),
    webhook: { event, alert: message },
  };
}

/** Sends an alert through a channel (see `sendToChannel`). */
export function sendAlert(
  channel: AlertChannelConfig,
  message: ParsedAlertMessage,
  destinations: Destinations,
  event: 'alert' | 'test' = 'alert',
): Promise<void> {
  return sendToChannel(channel, alertChannelMessage(message, event), destinations);
}
