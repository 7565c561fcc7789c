/** What the aggregations of POST /search answer (issue 3 catalog); web widgets read these. */

export interface NameValue {
  name: string;
  value: number;
}

export interface PathCount {
  name: string;
  path: string;
  value: number;
  children: PathCount[];
}

export interface TrendPoint {
  /** Bucket start, epoch ms; buckets begin at local midnight/hour/Monday/month/year. */
  time: number;
  name?: string;
  value: number;
}

export interface Totals {
  volume: number;
  engagement_num: number;
  repost_num: number;
  comment_num: number;
  like_num: number;
  read_num: number;
  zpz_num: number;
  /** Post count per tendency label (正面, 中性, 负面). */
  tendency: Record<string, number>;
}

export interface StatisticsAnswer {
  current: Totals;
  /** The range of equal length just before [start, end). */
  previous: Totals;
  value_type: string;
}

export interface HeatCell {
  /** 0 = Monday … 6 = Sunday, in the project's zone. */
  weekday: number;
  hour: number;
  value: number;
}

export interface PivotCell {
  row: string;
  col: string;
  value: number;
}

export interface AuthorRank {
  name: string;
  /** Posts. */
  value: number;
  /** Sum of engagement_num. */
  engagement: number;
}

export interface RetweetGraphAnswer {
  nodes: { id: string; name: string; value: number; created: number }[];
  edges: { source: string; target: string }[];
}

export interface ListAnswer<T> {
  list: T[];
  took?: number;
}

export interface TrendAnswer extends ListAnswer<TrendPoint> {
  interval: string;
}

export interface WordsAnswer extends ListAnswer<NameValue> {
  /** How many posts the words were read from. */
  posts: number;
}
