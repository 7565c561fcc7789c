import type { AlertChannelConfig, ParsedAlertMessage } from '@yuqing/core';
import { sendDingtalk } from './channels/dingtalk.js';
import { sendEmail } from './channels/email.js';
import { sendFeishu } from './channels/feishu.js';
import { sendWecom } from './channels/wecom.js';
import { sendWebhook } from './channels/webhook.js';
import type { Destinations } from '../../net/destination.js';

/**
 * Sends a message through a channel, connecting only to addresses `destinations` allows; throws
 * a `DeliveryError` when it was not delivered.
 */
export async function sendAlert(
  channel: AlertChannelConfig,
  message: ParsedAlertMessage,
  destinations: Destinations,
  event: 'alert' | 'test' = 'alert',
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
      return sendWebhook(channel, message, event, destinations);
  }
}
