import {
  TAGGING_MEDIA_TYPES,
  TAGGING_PLATFORMS,
  TAG_TEXT_MAX_CHARS,
  postMainText,
  type Kg2Answer,
  type Post,
  type TagsNewAnswer,
} from '@yuqing/core';

/** What the tagging tool's form holds (spec 2): the text and where it was said. */
export interface KgContent {
  media_type: string;
  media_platform: string;
  media: string;
  title: string;
  body: string;
}

export const EMPTY_CONTENT: KgContent = {
  media_type: '',
  media_platform: '',
  media: '',
  title: '',
  body: '',
};

/** The products, topics and relations a text was tagged with. */
export interface KgTags {
  products: TagsNewAnswer;
  topics: Kg2Answer;
}

/** Weibo posts are microblogs and news sites web pages (spec 9's mapping). */
const MEDIA_TYPE_OF: Record<string, string> = { weibo: 'microblog', news: 'web' };

const isTaggingMediaType = (value: string) =>
  TAGGING_MEDIA_TYPES.some((type) => type.value === value);
const isTaggingPlatform = (value: string) =>
  (TAGGING_PLATFORMS as readonly string[]).includes(value);

/**
 * The form filled from a post handed over by a card: what the tool's lists know is kept, and the
 * body's first TAG_TEXT_MAX_CHARS characters (the most the server tags at once).
 */
export function contentOfPost(post: Post): KgContent {
  const mediaType = MEDIA_TYPE_OF[post.media_type] ?? post.media_type;
  return {
    media_type: isTaggingMediaType(mediaType) ? mediaType : '',
    media_platform: isTaggingPlatform(post.media_platform) ? post.media_platform : '',
    media: post.media,
    title: post.title,
    body: headOf(postMainText(post), TAG_TEXT_MAX_CHARS),
  };
}

/** A text's first `max` UTF-16 units, without a pair cut in two at the end. */
function headOf(text: string, max: number): string {
  const head = text.slice(0, max);
  const last = head.charCodeAt(head.length - 1);
  return head.length === max && last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head;
}

export const hasContent = (content: KgContent) => `${content.title}${content.body}`.trim() !== '';

/** The request body of both tagging calls: the form's text goes as `text`. */
export function tagRequestOf(content: KgContent) {
  return {
    title: content.title,
    text: content.body,
    media_type: content.media_type,
    media_platform: content.media_platform,
    media: content.media,
  };
}

/** The words a tagged text is highlighted with: product names, topic and feeling words. */
export function matchedWords(tags: KgTags): string[] {
  return [
    ...tags.products.product_mentions,
    ...tags.topics.topics.flatMap((topic) => [...topic.topic_words, ...topic.sentiment_words]),
  ];
}
