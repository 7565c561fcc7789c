import {
  alertChannelsAnswer,
  testAlertChannelAnswer,
  type AlertChannelInput,
  type AlertChannelsAnswer,
} from '@yuqing/core';
import type { z } from 'zod';
import { request } from './client';

const CHANNELS_PATH = '/alerts/channels';

/**
 * `GET /alerts/channels?rule_id=`: a rule's channels (secrets masked) and their last errors.
 * Quiet: a server without ALERT_SECRET_KEY refuses every channel call, and the screens say so
 * once in their own place.
 */
export function fetchAlertChannels(ruleId: string): Promise<AlertChannelsAnswer> {
  return request(CHANNELS_PATH, alertChannelsAnswer, { params: { rule_id: ruleId }, quiet: true });
}

/** `PUT /alerts/channels?rule_id=`: the rule's channels as they should be. */
export function saveAlertChannels(
  ruleId: string,
  channels: AlertChannelInput[],
): Promise<AlertChannelsAnswer> {
  return request(CHANNELS_PATH, alertChannelsAnswer, {
    method: 'PUT',
    params: { rule_id: ruleId },
    body: { channels },
    quiet: true,
  });
}

/** `POST /alerts/channels/test`: a sample message through one channel as the form holds it. */
export function testAlertChannel(
  channel: AlertChannelInput,
  ruleId?: string,
): Promise<z.infer<typeof testAlertChannelAnswer>> {
  return request(`${CHANNELS_PATH}/test`, testAlertChannelAnswer, {
    method: 'POST',
    body: { rule_id: ruleId, channel },
    quiet: true,
  });
}
