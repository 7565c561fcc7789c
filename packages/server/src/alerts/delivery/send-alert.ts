import type { AlertChannelConfig, ParsedAlertMessage } from '@yuqing/core';
import { sendDingtalk } from './channels/dingtalk.js';
import { sendEmail } from './channels/email.js';
import { sendFeishu } from './channels/feishu.js';
import { sendWecom } from './channels/wecom.js';
import { sendWebhook } from './channels/webhook.js';

/** Sends a message through a channel; throws a `DeliveryError` when it was not delivered. */
export async function sendAlert(
  channel: AlertChannelConfig,
  message: ParsedAlertMessage,
  event: 'alert' | 'test' = 'alert',
): Promise<void> {
  switch (channel.kind) {
    case 'wecom':
      return sendWecom(channel, message);
    case 'dingtalk':
      return sendDingtalk(channel, message);
    case 'feishu':
      return sendFeishu(channel, message);
    case 'email':
      return sendEmail(channel, message);
    case 'webhook':
      return sendWebhook(channel, message, event);
  }
}
