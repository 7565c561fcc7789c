import {
  ACCOUNT_TYPES,
  ENGAGEMENT_FIELDS,
  MEDIA_LEVELS,
  MEDIA_PLATFORMS,
  post as postSchema,
  type Post,
} from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { DEMO_ASSET_PREFIX, demoAssetSvg } from './assets.js';
import { bursts, chinaDay, DAY } from './calendar.js';
import { generateDemoPosts, type DemoPost } from './generate.js';
import { BRAND_LEAVES, TOPIC_LEAVES } from './mentions.js';
import { CAMPAIGN_FILLERS, CAMPAIGN_SUFFIXES } from './phrases.js';

const now = Date.UTC(2026, 7, 23, 3, 17, 41, 123);
const COUNT = 20_000;
const raw = [...generateDemoPosts({ count: COUNT, seed: 1, now })];
const posts: Post[] = raw.map((post) => postSchema.parse(post));
const byId = new Map(posts.map((post) => [post._id, post]));

const share = (predicate: (post: Post) => boolean, list = posts) =>
  list.filter(predicate).length / list.length;
const leafTitles = (paths: readonly string[]) =>
  paths.filter((path) => path.split('/').length === 4).map((path) => path.split('/')[3]);
const words = (post: Post) => `${post.title}\n${post.text}\n${post.body}`;

describe('generateDemoPosts', () => {
  it('yields posts that core accepts, with unique ids, oldest first, inside the window', () => {
    expect(posts).toHaveLength(COUNT);
    expect(byId.size).toBe(COUNT);
    const times = posts.map((post) => post.created);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(now - 180 * DAY);
    expect(times.at(-1)).toBeLessThanOrEqual(now);
  });

  it('is the same for the same seed and different for another', () => {
    const options = { count: 2_000, seed: 7, now, days: 30 };
    const first = [...generateDemoPosts(options)];
    expect([...generateDemoPosts(options)]).toEqual(first);
    const other = [...generateDemoPosts({ ...options, seed: 8 })];
    const texts = new Set(first.map((post) => post.text));
    expect(share((post) => texts.has(post.text), other.map(toPost))).toBeLessThan(0.2);
  });

  it('generates lazily and checks its options', () => {
    const huge = generateDemoPosts({ count: 100_000_000, seed: 1, now });
    expect(huge.next().value?._id).toBeTruthy();
    expect([...generateDemoPosts({ count: 0, seed: 1, now })]).toEqual([]);
    const week = [...generateDemoPosts({ count: 500, seed: 1, now, days: 7 })];
    expect(week.every((post) => post.created >= now - 7 * DAY)).toBe(true);
    expect(() => generateDemoPosts({ count: -1, seed: 1, now }).next()).toThrow(RangeError);
    expect(() => generateDemoPosts({ count: 10, seed: 1, now, days: 0 }).next()).toThrow(
      RangeError,
    );
  });

  it('covers every platform, media level and account type, with types that suit them', () => {
    expect(new Set(posts.map((post) => post.media_platform))).toEqual(new Set(MEDIA_PLATFORMS));
    expect(new Set(posts.map((post) => post.media_level))).toEqual(new Set(MEDIA_LEVELS));
    expect(new Set(posts.map((post) => post.account_type))).toEqual(new Set(ACCOUNT_TYPES));
    const ugc = (platform: string) =>
      share((post) => post.account_type === 'UGC', platforms(platform));
    expect(ugc('Weibo')).toBeGreaterThan(ugc('WeChat'));
    expect(ugc('Web')).toBe(0);
    expect(new Set(platforms('Weibo').map((post) => post.media_type))).toEqual(
      new Set(['microblog']),
    );
    expect(new Set(platforms('Douyin').map((post) => post.media_type))).toEqual(
      new Set(['short_video']),
    );
  });

  it('lets brand accounts speak only of their own models, and never badly', () => {
    const own = posts.filter((post) => post.author === '竞品A汽车' && post.retweeted === 'NO');
    expect(own.length).toBeGreaterThan(10);
    for (const post of own) {
      expect(post.brand_paths.filter((path) => path.split('/').length === 3)).toEqual([
        '/品牌/竞品A',
      ]);
    }
    expect(own.some((post) => post.tendency === '负面')).toBe(false);
  });

  it('gives titles to articles, forums and answers, not to microblogs and short videos', () => {
    for (const platform of ['WeChat', 'APP', 'Web', 'BBS', 'QA', 'Bilibili', 'Red']) {
      expect(platforms(platform).every((post) => post.title)).toBe(true);
    }
    for (const platform of ['Weibo', 'Douyin', 'Kuaishou']) {
      expect(platforms(platform).some((post) => post.title)).toBe(false);
    }
    const bodies = platforms('WeChat').map((post) => post.body.length);
    expect(median(bodies)).toBeGreaterThan(300);
  });

  it('locates about 70% of posts across at least 30 provinces and leaves province to enrichment', () => {
    expect(share((post) => Boolean(post.location))).toBeGreaterThan(0.6);
    expect(share((post) => Boolean(post.location))).toBeLessThan(0.8);
    const provinces = new Set(posts.map((post) => post.location?.split(' ')[0]).filter(Boolean));
    expect(provinces.size).toBeGreaterThanOrEqual(30);
    expect(raw.every((post) => post.province === undefined)).toBe(true);
  });

  it('tags posts with 1-2 brand and topic leaves whose words are exactly those in the text', () => {
    const brandWords = BRAND_LEAVES.map((leaf) => leaf.title);
    const topicWords = TOPIC_LEAVES.map((leaf) => leaf.title);
    const disagreeing = posts.filter((post) => {
      const brands = leafTitles(post.brand_paths).sort();
      const topics = leafTitles(post.topic_paths).sort();
      const text = words(post);
      const mentioned = (list: string[]) => list.filter((word) => text.includes(word)).sort();
      return (
        ![1, 2].includes(brands.length) ||
        ![1, 2].includes(topics.length) ||
        mentioned(brandWords).join() !== brands.join() ||
        mentioned(topicWords).join() !== topics.join() ||
        !post.brand_paths.includes('/品牌')
      );
    });
    expect(disagreeing).toEqual([]);
  });

  it('gives non-negative whole counts that grow with followers and have a heavy tail', () => {
    const counts = raw.flatMap((post) => ENGAGEMENT_FIELDS.map((field) => post[field] ?? 0));
    expect(counts.filter((value) => !Number.isSafeInteger(value) || (value as number) < 0)).toEqual(
      [],
    );
    const unsummed = posts.filter(
      (post) =>
        post.engagement_num !==
        post.repost_num + post.comment_num + post.like_num + post.collect_num + post.share_num,
    );
    expect(unsummed).toEqual([]);
    const video = [...platforms('Douyin'), ...platforms('Kuaishou'), ...platforms('Bilibili')];
    expect(share((post) => post.play_num > 0, video)).toBeGreaterThan(0.9);
    expect(platforms('Bilibili').some((post) => post.danmu_num > 0 && post.coin_num > 0)).toBe(
      true,
    );
    expect(posts.filter((post) => post.media_platform !== 'Bilibili').every(noBilibiliCounts)).toBe(
      true,
    );

    const weibo = platforms('Weibo').filter((post) => post.retweeted === 'NO');
    const big = weibo.filter((post) => (post.user?.followers_count ?? 0) >= 100_000);
    const small = weibo.filter((post) => (post.user?.followers_count ?? 0) < 1_000);
    expect(median(big.map((post) => post.engagement_num))).toBeGreaterThan(
      10 * median(small.map((post) => post.engagement_num)) + 10,
    );
    const engagement = posts.map((post) => post.engagement_num).sort((a, b) => b - a);
    const total = engagement.reduce((sum, value) => sum + value, 0);
    const topPercent = engagement.slice(0, COUNT / 100).reduce((sum, value) => sum + value, 0);
    expect(topPercent / total).toBeGreaterThan(0.5);
    const followers = posts.map((post) => post.user?.followers_count ?? 0);
    expect(Math.max(...followers)).toBeGreaterThan(1000 * median(followers));
  });

  it('retweets earlier Weibo posts, in chains, with a few viral roots', () => {
    const retweets = posts.filter((post) => post.retweeted === 'YES');
    expect(retweets.length / platforms('Weibo').length).toBeGreaterThan(0.15);
    const children = new Map<string, number>();
    let chained = 0;
    const position = new Map(posts.map((post, index) => [post, index]));
    const wrong = retweets.filter((retweet) => {
      const parent = byId.get(retweet.rel ?? '');
      if (!parent) return true;
      if (parent.retweeted === 'YES') chained++;
      children.set(parent._id, (children.get(parent._id) ?? 0) + 1);
      const status = retweet.retweeted_status;
      return (
        retweet.media_platform !== 'Weibo' ||
        parent.created > retweet.created ||
        position.get(parent)! > position.get(retweet)! ||
        status?._id !== parent._id ||
        status.text !== parent.text ||
        (status.user as { screen_name?: string }).screen_name !== parent.author ||
        retweet.brand_paths.join() !== parent.brand_paths.join()
      );
    });
    expect(wrong).toEqual([]);
    expect(chained).toBeGreaterThan(0);
    const largest = [...children.values()].sort((a, b) => b - a);
    expect(largest[0]).toBeGreaterThanOrEqual(30);
    expect(largest.slice(0, 4).reduce((sum, value) => sum + value, 0)).toBeGreaterThan(
      0.08 * retweets.length,
    );
    expect(median(largest)).toBe(1);
  });

  it('has bursts on the bursts’ days, the recall one negative', () => {
    const perDay = new Map<number, number>();
    for (const post of posts) {
      const day = chinaDay(post.created);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const typical = median([...perDay.values()]);
    const window = { start: now - 180 * DAY, end: now };
    for (const burst of bursts(window).filter((burst) => burst.kind !== 'rivalLaunch')) {
      const day = chinaDay(burst.start + DAY / 4);
      expect(perDay.get(day) ?? 0).toBeGreaterThan(2 * typical);
    }

    const recallStart = bursts(window).find((burst) => burst.kind === 'recall')!.start;
    const recallDays = posts.filter(
      (post) => post.created >= recallStart && post.created < recallStart + 3 * DAY,
    );
    const negative = (list: Post[]) =>
      share(
        (post) => post.tendency === '负面',
        list.filter((post) => post.tendency),
      );
    expect(negative(recallDays)).toBeGreaterThan(2 * negative(posts));
    expect(posts.some((post) => post.created < recallStart && post.text.includes('召回'))).toBe(
      false,
    );
    expect(share((post) => post.text.includes('召回'), recallDays)).toBeGreaterThan(0.3);
  });

  it('leaves tendency to enrichment for most posts', () => {
    expect(share((post) => post.tendency === '')).toBeGreaterThan(0.9);
    expect(new Set(posts.map((post) => post.tendency))).toEqual(
      new Set(['', '正面', '中性', '负面']),
    );
  });

  it('labels every post with the tone it was written in when asked, the posts otherwise the same', () => {
    const labelled = [...generateDemoPosts({ count: 2_000, seed: 1, now, labelled: true })];
    const plain = [...generateDemoPosts({ count: 2_000, seed: 1, now })];
    const withoutTendency = ({ tendency: _tendency, ...rest }: DemoPost) => rest;
    expect(labelled.map(withoutTendency)).toEqual(plain.map(withoutTendency));
    expect(labelled.every((post) => ['正面', '中性', '负面'].includes(post.tendency!))).toBe(true);
    // A post the generator labels anyway keeps that label; retweets say what their root says.
    for (const [index, post] of plain.entries()) {
      if (post.tendency) expect(labelled[index]!.tendency).toBe(post.tendency);
    }
    const byId = new Map(labelled.map((post) => [post._id, post]));
    for (const post of labelled.filter((post) => post.rel)) {
      const root = byId.get(post.rel!);
      if (root) expect(post.tendency).toBe(root.tendency);
    }
  });

  it('copies about 3% of posts from paid-posting campaigns, each copy slightly changed', () => {
    // A copy differs from its campaign's text by a filler word and by its ending.
    const fillers = [...CAMPAIGN_FILLERS].sort((a, b) => b.length - a.length).filter(Boolean);
    const endings = new Set([...CAMPAIGN_SUFFIXES.join('')]);
    const campaignKey = (text: string) => {
      const characters = [...fillers.reduce((key, filler) => key.replaceAll(filler, ''), text)];
      while (endings.has(characters.at(-1) ?? '')) characters.pop();
      return characters.join('');
    };
    const groups = new Map<string, string[]>();
    for (const post of posts.filter((post) => post.retweeted === 'NO')) {
      const key = campaignKey(post.text);
      groups.set(key, [...(groups.get(key) ?? []), post.text]);
    }
    const campaigns = [...groups.values()].filter((texts) => texts.length >= 10);
    const copies = campaigns.reduce((sum, texts) => sum + texts.length, 0);
    expect(copies / COUNT).toBeGreaterThan(0.02);
    expect(copies / COUNT).toBeLessThan(0.045);
    for (const texts of campaigns) expect(new Set(texts).size).toBeGreaterThan(3);
  });

  it('gives Weibo posts hashtags that appear in their text, and up to 9 pictures that exist', () => {
    expect(share((post) => post.hash_tag.length > 0, platforms('Weibo'))).toBeGreaterThan(0.2);
    const wrong = posts.filter(
      (post) =>
        (post.media_platform !== 'Weibo' && post.hash_tag.length > 0) ||
        post.hash_tag.some((tag) => !post.text.includes(`#${tag}#`)) ||
        post.imgs.length > 9 ||
        post.pic_urls.map((picture) => picture.thumbnail_pic).join() !== post.imgs.join(),
    );
    expect(wrong).toEqual([]);
    expect(new Set(posts.map((post) => post.imgs.length))).toContain(9);
    const pictures = new Set(posts.flatMap((post) => [...post.imgs, post.user?.avatar_large]));
    for (const url of pictures) {
      expect(url?.startsWith(`${DEMO_ASSET_PREFIX}/`)).toBe(true);
      expect(demoAssetSvg(url!.slice(DEMO_ASSET_PREFIX.length + 1))).toMatch(/^<svg /);
    }
  });
});

function platforms(platform: string): Post[] {
  return posts.filter((post) => post.media_platform === platform);
}

function noBilibiliCounts(post: Post): boolean {
  return post.danmu_num === 0 && post.coin_num === 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function toPost(post: DemoPost): Post {
  return postSchema.parse(post);
}
