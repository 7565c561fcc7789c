import { createHmac } from 'node:crypto';
import type { AlertChannelConfig } from '@yuqing/core';
import type { ChannelMessage } from '../channel-message.js';
import type { Destinations } from '../../../net/destination.js';
import { postJson } from '../http-post.js';
import type { MarkupDialect } from '../message-lines.js';
import { checkRobotAnswer } from '../robot-answer.js';

type FeishuChannel = Extract<AlertChannelConfig, { kind: 'feishu' }>;

/** Feishu's card Markdown takes HTML entities for the characters that would be markup. */
const feishuMarkdown: MarkupDialect = {
  text: (value) =>
    value
      .replace(/\s+/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/[[\]()*_#`~|!\\]/g, (c) => `&#${c.charCodeAt(0)};`),
  link: (label, url) => `[${label}](${url})`,
  bold: (value) => `**${value}**`,
};

const HEADER_COLOURS = { critical: 'red', warning: 'orange', info: 'blue' } as const;

/**
 * Feishu's signature: HMAC-SHA256 keyed by `timestamp + "\n" + secret` over nothing, base64,
 * with the timestamp in seconds; both go in the body.
 */
export function feishuSign(secret: string, timestamp: number): string {
  return createHmac('sha256', `${timestamp}\n${secret}`).digest('base64');
}

/** An interactive card: the title in its coloured header, the lines as one Markdown element. */
export function feishuBody(message: ChannelMessage): object {
  return {
    msg_type: 'interactive',
    card: {
      config: { wide_screen_mode: true },
      header: {
        template: HEADER_COLOURS[message.level],
        title: { tag: 'plain_text', content: message.title },
      },
      elements: [{ tag: 'markdown', content: message.lines(feishuMarkdown).join('\n') }],
    },
  };
}

export async function sendFeishu(
  channel: FeishuChannel,
  message: ChannelMessage,
  destinations: Destinations,
) {
  const body: Record<string, unknown> = { ...feishuBody(message) };
  if (channel.secret) {
    const timestamp = Math.floor(Date.now() / 1000);
    body.timestamp = String(timestamp);
    body.sign = feishuSign(channel.secret, timestamp);
  }
  const answer = await postJson('飞书', channel.url, JSON.stringify(body), destinations);
  checkRobotAnswer('飞书', answer);
}
