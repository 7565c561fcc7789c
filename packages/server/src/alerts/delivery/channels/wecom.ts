import type { AlertChannelConfig } from '@yuqing/core';
import type { ChannelMessage } from '../channel-message.js';
import { chatMarkdown } from '../chat-markdown.js';
import type { Destinations } from '../../../net/destination.js';
import { postJson } from '../http-post.js';
import { checkRobotAnswer } from '../robot-answer.js';

type WecomChannel = Extract<AlertChannelConfig, { kind: 'wecom' }>;

/** WeCom's colours: `warning` orange, `info` green, `comment` grey. */
const LEVEL_COLOURS = { critical: 'warning', warning: 'warning', info: 'comment' } as const;

/** A WeCom group robot's markdown message (its markdown holds 4,096 bytes). */
export function wecomBody(message: ChannelMessage): object {
  const title = `<font color="${LEVEL_COLOURS[message.level]}">${chatMarkdown.text(message.title)}</font>`;
  const content = [`### ${title}`, ...message.lines(chatMarkdown)].join('\n');
  return { msgtype: 'markdown', markdown: { content } };
}

export async function sendWecom(
  channel: WecomChannel,
  message: ChannelMessage,
  destinations: Destinations,
) {
  const answer = await postJson(
    '企业微信',
    channel.url,
    JSON.stringify(wecomBody(message)),
    destinations,
  );
  checkRobotAnswer('企业微信', answer);
}
