import { eventTimelineAnswer, searchRequest, type TimelineEvent } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../../test/conformance/fixtures.js';
import { openTestEngineOf, TEST_ENGINES, type OpenedEngine } from '../../../test/engines.js';
import type { EngineScope, StoredPost } from '../../engine/types.js';
import { runSearch } from '../run-search.js';
import { TURN_MIN_CHANGE } from './timeline-events.js';

const DAY = 86_400_000;
/** Local midnight of 2024-05-01 in Shanghai: the ten days' first bucket. */
const START = Date.UTC(2024, 4, 1) - 8 * 3_600_000;
const END = START + 10 * DAY;
const AUTHORS = ['甲', '乙', '丙', '丁', '戊'];

/**
 * Ten days of posts: six a day, one in six negative; on day 5 thirty, two in three negative
 * (a peak and a turn up), back to the usual on day 6 (a turn down). Engagement varies by post so
 * that every ranking has one answer.
 */
function tenDays(): StoredPost[] {
  const posts: StoredPost[] = [];
  for (let day = 0; day < 10; day++) {
    const count = day === 5 ? 30 : 6;
    for (let n = 0; n < count; n++) {
      const negative = day === 5 ? n % 3 !== 0 : n === 0;
      posts.push({
        ...EXAMPLE_POSTS[0]!,
        _id: `d${day}n${n}`,
        created: START + day * DAY + 3_600_000 + n * 60_000,
        author: AUTHORS[(day * 7 + n) % AUTHORS.length]!,
        tendency: negative ? '负面' : n % 2 ? '正面' : '中性',
        title: `第${day}天第${n}条`,
        engagement_num: ((day * 31 + n * 17) % 97) + 1,
      });
    }
  }
  return posts;
}

describe.each(TEST_ENGINES)('common_event_timeline on %s', (kind) => {
  const posts = tenDays();
  const scope: EngineScope = { projectId: 'timeline', timeZone: 'Asia/Shanghai' };
  let opened: OpenedEngine;
  beforeAll(async () => {
    opened = await openTestEngineOf(kind);
    await opened.engine.upsert(scope, posts);
  });
  afterAll(() => opened.close());

  const timeline = async (body: Record<string, unknown>) =>
    eventTimelineAnswer.parse(
      await runSearch(
        opened.engine,
        scope,
        searchRequest.parse({ aggs: 'common_event_timeline', ...body }),
      ),
    ).events;
  const ofKind = <K extends TimelineEvent['kind']>(events: TimelineEvent[], kind: K) =>
    events.filter((event): event is Extract<TimelineEvent, { kind: K }> => event.kind === kind);
  const mostEngaged = (list: StoredPost[]) =>
    [...list].sort((a, b) => b.engagement_num - a.engagement_num)[0]!;
  const onDay = (day: number) =>
    posts.filter(
      (post) => post.created >= START + day * DAY && post.created < START + (day + 1) * DAY,
    );

  it('starts with the first post, and lists every event in time order', async () => {
    const events = await timeline({ start: START, end: END });
    const first = [...posts].sort((a, b) => a.created - b.created)[0]!;
    expect(events[0]).toMatchObject({
      kind: 'first',
      time: first.created,
      post: { _id: first._id },
    });
    const times = events.map((event) => event.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('finds the peak day with the post engaged with most that day', async () => {
    const peaks = ofKind(await timeline({ start: START, end: END }), 'peak');
    const day5 = onDay(5);
    expect(peaks).toHaveLength(1);
    expect(peaks[0]).toMatchObject({
      time: START + 5 * DAY,
      end: START + 6 * DAY,
      posts: day5.length,
      post: { _id: mostEngaged(day5)._id },
    });
  });

  it('finds the turns of the negative share, each with a post of its new side', async () => {
    const turns = ofKind(await timeline({ start: START, end: END }), 'turn');
    const share = (day: number) =>
      onDay(day).filter((post) => post.tendency === '负面').length / onDay(day).length;
    expect(share(5) - share(4)).toBeGreaterThanOrEqual(TURN_MIN_CHANGE);
    expect(turns.map(({ time, share, previous }) => ({ time, share, previous }))).toEqual([
      { time: START + 5 * DAY, share: share(5), previous: share(4) },
      { time: START + 6 * DAY, share: share(6), previous: share(5) },
    ]);
    const up = onDay(5).filter((post) => post.tendency === '负面');
    const down = onDay(6).filter((post) => post.tendency !== '负面');
    expect(turns.map((turn) => turn.post._id)).toEqual([
      mostEngaged(up)._id,
      mostEngaged(down)._id,
    ]);
  });

  it('names the accounts engaged with most, with their posts and their top post', async () => {
    const spreaders = ofKind(await timeline({ start: START, end: END, size: 2 }), 'spreader');
    const byAuthor = AUTHORS.map((author) => {
      const own = posts.filter((post) => post.author === author);
      const engagement = own.reduce((sum, post) => sum + post.engagement_num, 0);
      return { author, posts: own.length, engagement, post: mostEngaged(own)._id };
    }).sort((a, b) => b.engagement - a.engagement);
    expect(
      spreaders
        .map(({ author, posts, engagement, post }) => ({
          author,
          posts,
          engagement,
          post: post._id,
        }))
        .sort((a, b) => b.engagement - a.engagement),
    ).toEqual(byAuthor.slice(0, 2));
  });

  it('keeps to the query: a filtered timeline holds only posts that match it', async () => {
    const events = await timeline({ start: START, end: END, tendency: ['正面'] });
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.post.tendency === '正面')).toBe(true);
    expect(ofKind(events, 'turn')).toEqual([]);
  });

  it('has no events when nothing matches', async () => {
    expect(await timeline({ start: END, end: END + DAY })).toEqual([]);
  });
});
