import { abbreviateNumber, type NumberStyle } from '../format.js';
import { sanitizeText } from '../text.js';
import { MEDIA_PLATFORM_LABELS } from '../value-labels.js';
import { parseKeywordQuery, keywordTerms } from './keyword.js';
import type { EngagementField } from './fields.js';
import type { Post } from './post.js';
import { localParts } from './zoned-time.js';

/** Displayed post text is cut at this many characters, with an ellipsis (spec 5). */
export const POST_TEXT_LIMIT = 500;
/** Lines a post's text is clamped to before 展开 (spec 5). */
export const POST_TEXT_LINES = 5;
/** Images shown per post (spec 9). */
export const POST_IMAGE_LIMIT = 9;

export interface DisplayText {
  text: string;
  /** The text was cut (or flagged long): the card offers 展开/收起 and the clamp applies. */
  truncated: boolean;
}

/**
 * Sanitises text for display (angle brackets replaced) and cuts it to 500 characters with an
 * ellipsis when it is longer, or when `long` says the source was longer than what is shown.
 * Characters are code points, so an emoji or a rare Han character is never split.
 */
export function displayText(raw: string, long = false): DisplayText {
  const text = sanitizeText(raw);
  const chars = Array.from(text);
  if (chars.length > POST_TEXT_LIMIT)
    return { text: `${chars.slice(0, POST_TEXT_LIMIT).join('')}…`, truncated: true };
  return { text: long ? `${text}…` : text, truncated: long };
}

/**
 * The terms to highlight: the positive terms of the keyword expression `q` (terms under a NOT
 * are left out; an invalid expression highlights nothing of it) and the project's
 * `highlight_keyword` lines. Lower-cased, sanitised like the text, distinct, longest first, so
 * that `星河S7` wins over `星河` where both match.
 */
export function highlightTerms(q: string, highlightKeyword = ''): string[] {
  const parsed = parseKeywordQuery(q);
  const fromQuery = parsed.ok && parsed.ast ? keywordTerms(parsed.ast) : [];
  const lines = highlightKeyword.split(/\r?\n/).map((line) => line.trim());
  const terms = new Set(
    [...fromQuery, ...lines]
      .filter((term) => term.length > 0)
      .map((term) => sanitizeText(term).toLowerCase()),
  );
  return [...terms].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

export interface Segment {
  text: string;
  hit: boolean;
}

// The syntax characters of a unicode-mode pattern: the only ones it lets (and needs) us escape.
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;
const escapeRegExp = (term: string) => term.replace(REGEX_SPECIAL, '\\$&');

/**
 * Splits text into plain and highlighted segments for `terms` (case-insensitive, longest term
 * first at each position). Terms are matched literally: regular-expression characters in them
 * mean themselves. Joined, the segments give back the text unchanged.
 */
export function highlightSegments(text: string, terms: readonly string[]): Segment[] {
  const usable = [...new Set(terms.filter((term) => term.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  if (text === '' || usable.length === 0) return text === '' ? [] : [{ text, hit: false }];
  const pattern = new RegExp(usable.map(escapeRegExp).join('|'), 'giu');
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) segments.push({ text: text.slice(last, start), hit: false });
    segments.push({ text: match[0], hit: true });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), hit: false });
  return segments;
}

/** The card layout of a post (spec 9): by platform, else the default card. */
export type PostVariant = 'weibo' | 'wechat' | 'video' | 'red' | 'default';

export function postVariant(post: Pick<Post, 'media_platform' | 'media_type'>): PostVariant {
  switch (post.media_platform) {
    case 'Weibo':
      return 'weibo';
    case 'WeChat':
      return 'wechat';
    case 'Douyin':
    case 'Bilibili':
    case 'Kuaishou':
      return 'video';
    case 'Red':
      return 'red';
    default:
      return post.media_type === 'microblog' ? 'weibo' : 'default';
  }
}

export interface PostMetric {
  field: EngagementField;
  label: string;
  value: number;
  /** The value as shown: abbreviated above 1000 (spec 9). */
  text: string;
}

const METRIC_LABELS: Partial<Record<EngagementField, string>> = {
  repost_num: '转发',
  comment_num: '评论',
  like_num: '点赞',
  read_num: '阅读',
  play_num: '播放',
  share_num: '分享',
  collect_num: '收藏',
  reply_num: '回复',
  danmu_num: '弹幕',
  coin_num: '投币',
};

const METRICS_BY_VARIANT: Record<Exclude<PostVariant, 'default'>, EngagementField[]> = {
  weibo: ['repost_num', 'comment_num', 'like_num'],
  wechat: ['read_num', 'like_num'],
  video: ['play_num', 'like_num', 'comment_num', 'share_num'],
  red: ['like_num', 'collect_num', 'comment_num'],
};

const METRICS_BY_MEDIA_TYPE: Record<string, EngagementField[]> = {
  news: ['comment_num'],
  web: ['comment_num'],
  paper: [],
  newspaper: [],
  forum: ['read_num', 'reply_num'],
  bbs: ['read_num', 'reply_num'],
  qa: ['like_num', 'comment_num'],
};

/**
 * The engagement metrics a card shows, by platform and then media type: Weibo 转发/评论/点赞,
 * WeChat 阅读/点赞, video platforms 播放/点赞/评论/分享, Red 点赞/收藏/评论, news 评论, forums
 * 阅读/回复; otherwise the non-zero ones of 转发/评论/点赞.
 */
export function postMetrics(post: Post, style: NumberStyle = 'k'): PostMetric[] {
  const variant = postVariant(post);
  const fields =
    variant !== 'default'
      ? METRICS_BY_VARIANT[variant]
      : (METRICS_BY_MEDIA_TYPE[post.media_type.toLowerCase()] ??
        (['repost_num', 'comment_num', 'like_num'] as EngagementField[]).filter(
          (field) => post[field] > 0,
        ));
  return fields.map((field) => ({
    field,
    label: METRIC_LABELS[field] ?? field,
    value: post[field],
    text: abbreviateNumber(post[field], style),
  }));
}

/** The images of a post, at most 9: its own `imgs`, else the thumbnails of `pic_urls`. */
export function postImages(post: Pick<Post, 'imgs' | 'pic_urls'>): string[] {
  const own = post.imgs.filter(Boolean);
  const list = own.length > 0 ? own : post.pic_urls.map((pic) => pic.thumbnail_pic).filter(Boolean);
  return list.slice(0, POST_IMAGE_LIMIT);
}

/** The main text of a post: text, else body, else summary. */
export function postMainText(post: Pick<Post, 'text' | 'body' | 'summary'>): string {
  return post.text || post.body || post.summary || '';
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` of an instant in the project's zone. */
export function formatPostTime(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The display name of a platform code: the project's name, else the product's, else the code. */
export function platformName(
  code: string,
  medias: readonly { name: string; code: string }[] = [],
): string {
  return (
    medias.find((media) => media.code === code)?.name ??
    (MEDIA_PLATFORM_LABELS as Record<string, string>)[code] ??
    code
  );
}

/** What a retweeted post's `retweeted_status` holds, as far as a card shows it. */
export interface RetweetedOriginal {
  _id?: string;
  text: string;
  title: string;
  screenName: string;
  created?: number;
  images: string[];
}

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/** Reads the loose `retweeted_status` of a Weibo repost; undefined when there is nothing to show. */
export function retweetedOriginal(post: Pick<Post, 'retweeted_status'>) {
  const status = post.retweeted_status;
  if (!status) return undefined;
  const user = (status.user ?? {}) as Record<string, unknown>;
  const images = Array.isArray(status.imgs)
    ? status.imgs.filter((url): url is string => typeof url === 'string')
    : [];
  const original: RetweetedOriginal = {
    _id: asString(status._id) || undefined,
    text: asString(status.text),
    title: asString(status.title),
    screenName: asString(user.screen_name) || asString(status.author),
    created: typeof status.created === 'number' ? status.created : undefined,
    images: images.slice(0, POST_IMAGE_LIMIT),
  };
  return original.text || original.title ? original : undefined;
}
