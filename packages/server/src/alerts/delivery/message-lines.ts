import { ALERT_LEVEL_LABELS, formatNumber, type ParsedAlertMessage } from '@yuqing/core';

/** How a channel writes text it does not trust, links and emphasis. */
export interface MarkupDialect {
  /** Text from posts or admins, made inert: it shows as written and is never markup. */
  text(value: string): string;
  link(label: string, url: string): string;
  bold(value: string): string;
}

/** Post titles are cut to this many characters; a chat card has little room. */
const TITLE_MAX = 80;

/** The title of an alert's message: `【舆情预警·严重】规则名`. */
export function alertTitle(message: ParsedAlertMessage): string {
  const kind = message.updated ? '预警更新' : '舆情预警';
  return `【${kind}·${ALERT_LEVEL_LABELS[message.level]}】${message.ruleName}`;
}

/** `2026-11-25 15:52` in the message's time zone. */
export function formatTime(epochMs: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A post's address if it is http(s), with the characters that end a Markdown link encoded. */
export function safeUrl(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  return parsed.href.replace(
    /[()<>"'\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const shortTitle = (title: string) => {
  const flat = title.replace(/\s+/g, ' ').trim() || '（无标题）';
  return flat.length > TITLE_MAX ? `${flat.slice(0, TITLE_MAX)}…` : flat;
};

function postLink(dialect: MarkupDialect, post: { title: string; url: string }): string {
  const label = dialect.text(shortTitle(post.title));
  const url = safeUrl(post.url);
  return url ? dialect.link(label, url) : label;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * The body of an alert's message, one line each, in a channel's markup: when, the numbers against
 * the baseline, the first post, the top posts, words and platforms, and the link.
 */
export function alertLines(message: ParsedAlertMessage, dialect: MarkupDialect): string[] {
  const { numbers, timeZone } = message;
  const label = (name: string) => dialect.bold(`${name}：`);
  const window = `${formatTime(message.window.from, timeZone)} 至 ${formatTime(message.window.to, timeZone)}`;
  const value = numbers.measure === 'share' ? percent : formatNumber;
  const measures = [
    `当前 ${value(numbers.current)}`,
    `基线 ${value(numbers.baseline)}`,
    ...(numbers.score === undefined ? [] : [`异常分 ${numbers.score.toFixed(1)}`]),
    ...(numbers.share === undefined ? [] : [`占比 ${percent(numbers.share)}`]),
  ];
  const lines = [
    `${label('时间')}${formatTime(message.raisedAt, timeZone)}（统计窗口 ${window}）`,
    `${label('数据')}${measures.join('，')}`,
  ];
  if (message.firstPost) {
    const first = message.firstPost;
    const where = `${dialect.text(first.platform)}，${formatTime(first.created, timeZone)}`;
    lines.push(`${label('首发')}${postLink(dialect, first)}（${where}）`);
  }
  if (message.topPosts.length) {
    lines.push(label('热门文章'));
    message.topPosts.forEach((post, index) => {
      const about = `${dialect.text(post.platform)}，互动 ${formatNumber(post.engagement)}`;
      lines.push(`${index + 1}. ${postLink(dialect, post)}（${about}）`);
    });
  }
  if (message.topWords.length) {
    lines.push(`${label('热词')}${message.topWords.map(dialect.text).join('、')}`);
  }
  if (message.platforms.length) {
    const platforms = message.platforms.map(
      (platform) => `${dialect.text(platform.name)} ${formatNumber(platform.count)}`,
    );
    lines.push(`${label('平台')}${platforms.join('、')}`);
  }
  lines.push(dialect.link('查看详情', safeUrl(message.link) ?? message.link));
  return lines;
}
