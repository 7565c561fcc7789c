import { z } from 'zod';
import { INTERVALS } from './fields.js';
import type { Aggregation } from './query.js';
import type { Post } from './post.js';

/** What the aggregations of POST /search answer (issue 3 catalog); the route serialises with these. */

export const nameValue = z.object({ name: z.string(), value: z.number() });
export type NameValue = z.infer<typeof nameValue>;

export interface PathCount {
  name: string;
  path: string;
  value: number;
  children: PathCount[];
}
export const pathCount: z.ZodType<PathCount> = z.object({
  name: z.string(),
  path: z.string(),
  value: z.number(),
  get children() {
    return z.array(pathCount);
  },
});

export const trendPoint = z.object({
  /** Bucket start, epoch ms; buckets begin at local midnight/hour/Monday/month/year. */
  time: z.number(),
  name: z.string().optional(),
  value: z.number(),
});
export type TrendPoint = z.infer<typeof trendPoint>;

export const totals = z.object({
  volume: z.number(),
  engagement_num: z.number(),
  repost_num: z.number(),
  comment_num: z.number(),
  like_num: z.number(),
  read_num: z.number(),
  zpz_num: z.number(),
  /** Post count per tendency label (正面, 中性, 负面). */
  tendency: z.record(z.string(), z.number()),
});
export type Totals = z.infer<typeof totals>;

export const statisticsAnswer = z.object({
  current: totals,
  /** The range of equal length just before [start, end). */
  previous: totals,
  value_type: z.string(),
});
export type StatisticsAnswer = z.infer<typeof statisticsAnswer>;

export const heatCell = z.object({
  /** 0 = Monday … 6 = Sunday, in the project's zone. */
  weekday: z.number(),
  hour: z.number(),
  value: z.number(),
});
export type HeatCell = z.infer<typeof heatCell>;

export const pivotCell = z.object({ row: z.string(), col: z.string(), value: z.number() });
export type PivotCell = z.infer<typeof pivotCell>;

export const authorRank = z.object({
  name: z.string(),
  /** Posts. */
  value: z.number(),
  /** Sum of engagement_num. */
  engagement: z.number(),
});
export type AuthorRank = z.infer<typeof authorRank>;

export const retweetGraphAnswer = z.object({
  nodes: z.array(
    z.object({ id: z.string(), name: z.string(), value: z.number(), created: z.number() }),
  ),
  edges: z.array(z.object({ source: z.string(), target: z.string() })),
});
export type RetweetGraphAnswer = z.infer<typeof retweetGraphAnswer>;

export interface ListAnswer<T> {
  list: T[];
  took?: number;
}
const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), took: z.number().optional() });

export const trendAnswer = listOf(trendPoint).extend({ interval: z.string() });
export type TrendAnswer = z.infer<typeof trendAnswer>;

export const wordsAnswer = listOf(nameValue).extend({
  /** How many posts the words were read from. */
  posts: z.number(),
});
export type WordsAnswer = z.infer<typeof wordsAnswer>;

/** Posts are stored as imported (every field of spec 3 and what enrichment added): not re-checked. */
const storedPost = z.custom<Post>((value) => typeof value === 'object' && value !== null);
export const postPageAnswer = z.object({
  list: z.array(storedPost),
  /** Matching posts (hot posts: at most 200). */
  total: z.number(),
  took: z.number().optional(),
});

/**
 * One event of a timeline (事件脉络), each with the post it links to: the first post (首发), a
 * peak of volume with the post that drove it most, a turn of sentiment (the negative share of a
 * bucket against the bucket before) with the most engaged post on its new side, and an account
 * that spread it most with its most engaged post.
 */
export const timelineEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('first'), time: z.number(), post: storedPost }),
  z.object({
    kind: z.literal('peak'),
    /** The bucket: [time, end). */
    time: z.number(),
    end: z.number(),
    posts: z.number(),
    post: storedPost,
  }),
  z.object({
    kind: z.literal('turn'),
    time: z.number(),
    end: z.number(),
    /** Negative posts' share of the bucket, and of the bucket before (0–1). */
    share: z.number(),
    previous: z.number(),
    post: storedPost,
  }),
  z.object({
    kind: z.literal('spreader'),
    /** The time of the account's post. */
    time: z.number(),
    author: z.string(),
    posts: z.number(),
    engagement: z.number(),
    post: storedPost,
  }),
]);
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const eventTimelineAnswer = z.object({
  /** In time order. */
  events: z.array(timelineEvent),
  /** The buckets' interval peaks and turns were read at. */
  interval: z.enum(INTERVALS).exclude(['auto']),
  took: z.number().optional(),
});
export type EventTimelineAnswer = z.infer<typeof eventTimelineAnswer>;

/** Each aggregation's answer. */
export const searchAnswers = {
  common_articles_page: postPageAnswer,
  common_hot_posts: postPageAnswer,
  common_top5: listOf(nameValue),
  common_terms: listOf(nameValue),
  common_all_topic: listOf(pathCount),
  common_trend: trendAnswer,
  common_statistics: statisticsAnswer.extend({ took: z.number().optional() }),
  common_words: wordsAnswer,
  common_heatmap: listOf(heatCell),
  common_pivot: listOf(pivotCell),
  common_authors: listOf(authorRank),
  common_retweet_graph: retweetGraphAnswer.extend({ took: z.number().optional() }),
  common_event_timeline: eventTimelineAnswer,
} as const satisfies Record<Aggregation, z.ZodType>;
export type SearchAnswer<A extends Aggregation> = z.infer<(typeof searchAnswers)[A]>;

/** An aggregation's answer checked and shaped by its schema, as POST /search sends it. */
export function searchAnswerOf(aggs: Aggregation, answer: unknown): Record<string, unknown> {
  return searchAnswers[aggs].parse(answer) as Record<string, unknown>;
}
