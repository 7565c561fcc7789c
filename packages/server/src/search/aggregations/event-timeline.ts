import {
  nextBucket,
  type AggregationRequest,
  type AuthorRank,
  type EventTimelineAnswer,
  type FilterChip,
  type Post,
  type PostQuery,
  type TimelineEvent,
} from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../../engine/types.js';
import { peakIndexes, turnsOf } from './timeline-events.js';
import { trend } from './trend.js';

/** Peaks, turns and spreaders each, when the request asks for no number. */
const DEFAULT_EVENTS = 3;

type TimelineRequest = AggregationRequest<'common_event_timeline'>;

/**
 * The timeline of what the query matches (事件脉络), derived from the posts: the first post, the
 * peaks of volume, the turns of sentiment and the accounts that spread it most, each with the
 * post it links to. Every look is one of the engine's bounded queries: two trends at the auto
 * interval (never more than a trend's buckets), two rankings of accounts and one-post searches.
 */
export async function eventTimeline(
  engine: PostsEngine,
  scope: EngineScope,
  request: TimelineRequest,
): Promise<EventTimelineAnswer> {
  const size = request.size ?? DEFAULT_EVENTS;
  const first = await topPost(engine, scope, request, 'created asc');
  if (!first) return { events: [], interval: 'day' };
  // Both trends over the same range, so that their buckets match.
  const range = {
    start: request.start ?? first.created,
    end: request.end ?? (await rangeEnd(engine, scope, request)),
  };
  const asTrend = (query: PostQuery) =>
    trend(engine, scope, {
      ...query,
      ...range,
      aggs: 'common_trend',
      interval: 'auto',
      value_type: 'volume',
    });
  const [volume, negative] = await Promise.all([
    asTrend(request),
    asTrend(withChip(request, 'tendency', ['负面'])),
  ]);
  const interval = volume.interval as Parameters<typeof nextBucket>[1];
  const bucket = (index: number) => {
    const time = volume.list[index]!.time;
    return {
      time,
      end: Math.min(
        volume.list[index + 1]?.time ?? nextBucket(time, interval, scope.timeZone),
        range.end,
      ),
    };
  };
  const within = (query: PostQuery, index: number) => {
    const { time, end } = bucket(index);
    return { ...query, start: Math.max(time, range.start), end };
  };

  const peaks = peakIndexes(volume.list, size).map(async (index) => {
    const post = await topPost(engine, scope, within(request, index), 'engagement_num desc');
    return (
      post && { kind: 'peak' as const, ...bucket(index), posts: volume.list[index]!.value, post }
    );
  });
  const turns = turnsOf(volume.list, negative.list, size).map(async (turn) => {
    const side = turn.share > turn.previous ? ['负面'] : ['正面', '中性'];
    const query = withChip(within(request, turn.index), 'tendency', side);
    const post = await topPost(engine, scope, query, 'engagement_num desc');
    const { share, previous } = turn;
    return post && { kind: 'turn' as const, ...bucket(turn.index), share, previous, post };
  });
  const spreaders = (await topAccounts(engine, scope, request, size)).map(async (account) => {
    const query = withChip(request, 'author', [account.name]);
    const post = await topPost(engine, scope, query, 'engagement_num desc');
    return (
      post && {
        kind: 'spreader' as const,
        time: post.created,
        author: account.name,
        posts: account.value,
        engagement: account.engagement,
        post,
      }
    );
  });
  const found = await Promise.all([...peaks, ...turns, ...spreaders]);
  const events: TimelineEvent[] = [
    { kind: 'first', time: first.created, post: first },
    ...found.filter((event) => event !== undefined),
  ];
  return { events: events.sort((a, b) => a.time - b.time), interval };
}

function withChip(query: PostQuery, field: FilterChip['field'], value: string[]): PostQuery {
  const chip: FilterChip = { field, value, exclude: false, ignore: false };
  return { ...query, filters: [...(query.filters ?? []), chip] };
}

async function topPost(
  engine: PostsEngine,
  scope: EngineScope,
  query: PostQuery,
  sort: 'created asc' | 'engagement_num desc',
): Promise<Post | undefined> {
  return (await engine.search(scope, query, { size: 1, page: 0, sort })).list[0];
}

/** The end of the matches when the query gives none: just after the last post. */
async function rangeEnd(engine: PostsEngine, scope: EngineScope, query: PostQuery) {
  const extent = await engine.timeExtent(scope, query);
  return (extent?.max ?? 0) + 1;
}

/**
 * The named accounts whose matching posts were engaged with most, with their engagement and how
 * many matching posts they wrote.
 */
async function topAccounts(
  engine: PostsEngine,
  scope: EngineScope,
  query: PostQuery,
  size: number,
): Promise<AuthorRank[]> {
  const engaged = await engine.terms(scope, query, {
    field: 'author',
    // One more, in case the unnamed posts ('') rank among them.
    size: size + 1,
    valueType: 'engagement_num',
  });
  const top = engaged.filter((account) => account.name !== '' && account.value > 0).slice(0, size);
  if (top.length === 0) return [];
  const names = top.map((account) => account.name);
  const written = await engine.terms(scope, withChip(query, 'author', names), {
    field: 'author',
    size: names.length,
    valueType: 'volume',
  });
  const posts = new Map(written.map((account) => [account.name, account.value]));
  return top.map((account) => ({
    name: account.name,
    value: posts.get(account.name) ?? 0,
    engagement: account.value,
  }));
}
