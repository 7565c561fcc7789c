import type { Aggregation } from '../posts/query.js';
import type { InnerRequest } from './chart.js';

export interface AggregationInfo {
  label: string;
  /** Request options the aggregation reads. */
  options: (keyof InnerRequest)[];
}

/** The aggregation catalog as the editor offers it (GET /project `aggs_type`). */
export const AGGREGATION_INFO: Record<Aggregation, AggregationInfo> = {
  common_articles_page: { label: '文章分页', options: ['size', 'sort'] },
  common_top5: { label: '前五排行', options: ['field', 'level'] },
  common_all_topic: { label: '话题树', options: ['topic_paths_size'] },
  common_terms: { label: '分组统计', options: ['field', 'size', 'value_type', 'level'] },
  common_trend: { label: '趋势', options: ['interval', 'value_type', 'series', 'size', 'level'] },
  common_statistics: { label: '数据统计', options: ['value_type'] },
  common_words: { label: '词云', options: ['size'] },
  common_heatmap: { label: '时段热力', options: ['value_type'] },
  common_pivot: { label: '透视统计', options: ['rows', 'cols', 'value_type'] },
  common_authors: { label: '作者排行', options: ['field', 'size'] },
  common_hot_posts: { label: '热门文章', options: ['sort'] },
  common_retweet_graph: { label: '转发关系', options: ['size'] },
  common_event_timeline: { label: '事件脉络', options: ['size'] },
};
