import { alertMessage, type ParsedAlertMessage } from '@yuqing/core';

/** The message `POST /alerts/channels/test` sends: made-up numbers, marked as a test. */
export function sampleAlertMessage(
  link: string,
  timeZone: string,
  now: number,
): ParsedAlertMessage {
  const hour = 3_600_000;
  return alertMessage.parse({
    ruleName: '测试消息（请忽略）',
    level: 'info',
    raisedAt: now,
    timeZone,
    window: { from: now - hour, to: now },
    numbers: { current: 128, baseline: 32, score: 4.2 },
    topPosts: [{ title: '这是一条测试文章', url: link, platform: '微博', engagement: 1024 }],
    topWords: ['测试'],
    platforms: [{ name: '微博', count: 128 }],
    link,
  });
}
