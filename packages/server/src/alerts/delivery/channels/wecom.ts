import type { AlertChannelConfig, ParsedAlertMessage } from '@yuqing/core';
import { chatMarkdown } from '../chat-markdown.js';
import type { Destinations } from '../../../net/destination.js';
import { postJson } from '../http-post.js';
import { alertLines, alertTitle } from '../message-lines.js';
import { checkRobotAnswer } from '../robot-answer.js';

type WecomChannel = Extract<AlertChannelConfig, { kind: 'wecom' }>;

/** WeCom's colours: `warning` orange, `info` green, `comment` grey. */
const LEVEL_COLOURS = { critical: 'warning', warning: 'warning', info: 'comment' } as const;

/** A WeCom group robot's markdown message (its markdown holds 4,096 bytes). */
export function wecomBody(message: ParsedAlertMessage): object {
  const title = `<font color="${LEVEL_COLOURS[message.level]}">${chatMarkdown.text(alertTitle(message))}</font>`;
  const content = [`### ${title}`, ...alertLines(message, chatMarkdown)].join('\n');
  return { msgtype: 'markdown', markdown: { content } };
}

export async function sendWecom(
  channel: WecomChannel,
  message: ParsedAlertMessage,
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
