import {
  ALERT_CALLS,
  testAlertChannelAnswer,
  type AlertChannelInput,
  type AlertChannelsAnswer,
} from '@yuqing/core';
import type { z } from 'zod';
import { call } from './call';

/**
 * `GET /alerts/channels?rule_id=`: a rule's channels (secrets masked) and their last errors.
 * Quiet: a server without ALERT_SECRET_KEY refuses every channel call, and the screens say so
 * once in their own place.
 */
export function fetchAlertChannels(ruleId: string): Promise<AlertChannelsAnswer> {
  return call(ALERT_CALLS.channels, { query: { rule_id: ruleId } }, { quiet: true });
}

/** `PUT /alerts/channels?rule_id=`: the rule's channels as they should be. */
export function saveAlertChannels(
  ruleId: string,
  channels: AlertChannelInput[],
): Promise<AlertChannelsAnswer> {
  return call(
    ALERT_CALLS.replaceChannels,
    { query: { rule_id: ruleId }, body: { channels } },
    { quiet: true },
  );
}

/** `POST /alerts/channels/test`: a sample message through one channel as the form holds it. */
export function testAlertChannel(
  channel: AlertChannelInput,
  ruleId?: string,
): Promise<z.infer<typeof testAlertChannelAnswer>> {
  return call(ALERT_CALLS.testChannel, { body: { rule_id: ruleId, channel } }, { quiet: true });
}
