import { createHmac } from 'node:crypto';
import type { AlertChannelConfig } from '@yuqing/core';
import type { ChannelMessage } from '../channel-message.js';
import { chatMarkdown } from '../chat-markdown.js';
import type { Destinations } from '../../../net/destination.js';
import { postJson } from '../http-post.js';
import { checkRobotAnswer } from '../robot-answer.js';

type DingtalkChannel = Extract<AlertChannelConfig, { kind: 'dingtalk' }>;

/**
 * DingTalk's 加签: HMAC-SHA256 keyed by the secret over `timestamp + "\n" + secret`, base64;
 * sent URL-encoded as `timestamp` (ms) and `sign` parameters.
 */
export function dingtalkSign(secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
}

/** A DingTalk robot's markdown message; its Markdown needs a blank line for each line break. */
export function dingtalkBody(message: ChannelMessage): object {
  const title = chatMarkdown.text(message.title);
  const text = [`### ${title}`, ...message.lines(chatMarkdown)].join('\n\n');
  return { msgtype: 'markdown', markdown: { title, text } };
}

export async function sendDingtalk(
  channel: DingtalkChannel,
  message: ChannelMessage,
  destinations: Destinations,
) {
  const url = new URL(channel.url);
  if (channel.secret) {
    const timestamp = Date.now();
    url.searchParams.set('timestamp', String(timestamp));
    url.searchParams.set('sign', dingtalkSign(channel.secret, timestamp));
  }
  const answer = await postJson(
    '钉钉',
    url.href,
    JSON.stringify(dingtalkBody(message)),
    destinations,
  );
  checkRobotAnswer('钉钉', answer);
}
