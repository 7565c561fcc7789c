import type { AlertLevel } from '@yuqing/core';
import type { MarkupDialect } from './message-lines.js';

/**
 * What a channel sends, whatever sends it (an alert, a scheduled report): a title, the lines in
 * each channel's own markup, and what a webhook receives.
 */
export interface ChannelMessage {
  title: string;
  /** The colour of the chat cards' titles. */
  level: AlertLevel;
  lines(markup: MarkupDialect): string[];
  /** A webhook's JSON body: its `event`, and the fields receivers build their own text from. */
  webhook: { event: string } & Record<string, unknown>;
  /** Mail only: files attached. */
  attachments?: { filename: string; content: Buffer }[];
}
