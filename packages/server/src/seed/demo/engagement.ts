import type { Platform } from './platforms.js';
import type { Random } from './random.js';

export interface Engagement {
  engagement_num: number;
  repost_num: number;
  comment_num: number;
  like_num: number;
  collect_num: number;
  share_num: number;
  read_num: number;
  play_num: number;
  reply_num: number;
  danmu_num: number;
  coin_num: number;
}

type Metric = Exclude<keyof Engagement, 'engagement_num'>;
type Rates = Record<Metric, number>;

interface PlatformEngagement {
  /** Reach of a post per follower^FOLLOWER_ELASTICITY. */
  scale: number;
  /** Each metric as a share of reach; 0 for metrics the platform does not show. */
  rates: Rates;
}

/** Every platform's rates get every metric, so reading them stays fast. */
const rates = (shown: Partial<Rates>): Rates => ({
  repost_num: 0,
  comment_num: 0,
  like_num: 0,
  collect_num: 0,
  share_num: 0,
  read_num: 0,
  play_num: 0,
  reply_num: 0,
  danmu_num: 0,
  coin_num: 0,
  ...shown,
});

/**
 * Reach grows less than in proportion to followers: a star account's post is not seen by all its
 * followers, and a new account's post still reaches a few strangers.
 */
const FOLLOWER_ELASTICITY = 0.6;
/** Spread of a post's luck (log scale): most posts go unnoticed, a few take off. */
const REACH_SIGMA = 1.3;
/** Spread between one post's metrics, e.g. likes against comments. */
const METRIC_SIGMA = 0.5;

const ENGAGEMENT: Record<Platform, PlatformEngagement> = {
  Weibo: { scale: 0.1, rates: rates({ like_num: 1, comment_num: 0.25, repost_num: 0.2 }) },
  WeChat: {
    scale: 3,
    rates: rates({
      read_num: 1,
      like_num: 0.02,
      share_num: 0.015,
      collect_num: 0.01,
      comment_num: 0.003,
    }),
  },
  Douyin: {
    scale: 1.5,
    rates: rates({
      play_num: 40,
      like_num: 1,
      comment_num: 0.06,
      share_num: 0.04,
      collect_num: 0.05,
    }),
  },
  Kuaishou: {
    scale: 1.2,
    rates: rates({
      play_num: 35,
      like_num: 1,
      comment_num: 0.07,
      share_num: 0.03,
      collect_num: 0.03,
    }),
  },
  Bilibili: {
    scale: 1.2,
    rates: rates({
      play_num: 30,
      like_num: 1,
      coin_num: 0.35,
      collect_num: 0.3,
      share_num: 0.08,
      danmu_num: 0.25,
      comment_num: 0.12,
    }),
  },
  Red: {
    scale: 0.6,
    rates: rates({ like_num: 1, collect_num: 0.6, comment_num: 0.12, share_num: 0.05 }),
  },
  BBS: { scale: 0.6, rates: rates({ read_num: 60, reply_num: 0.5, like_num: 0.3 }) },
  QA: {
    scale: 0.3,
    rates: rates({ read_num: 50, like_num: 1, comment_num: 0.2, collect_num: 0.3 }),
  },
  APP: {
    scale: 2,
    rates: rates({ read_num: 1, like_num: 0.01, comment_num: 0.004, share_num: 0.003 }),
  },
  Web: { scale: 0.5, rates: rates({ read_num: 1, comment_num: 0.002 }) },
  Dewu: { scale: 0.5, rates: rates({ like_num: 1, collect_num: 0.3, comment_num: 0.1 }) },
};

const MAX_COUNT = 2_000_000_000;

function share(reach: number, rate: number, random: Random): number {
  if (rate === 0) return 0;
  return Math.min(MAX_COUNT, Math.floor(reach * rate * random.logNormal(1, METRIC_SIGMA)));
}

/**
 * Counts for one post: a log-normal reach that grows with followers, each metric a noisy share of
 * it. `boost` lifts posts that take off (a viral root) or damps ones that cannot (a retweet).
 */
export function engagementFor(
  platform: Platform,
  followers: number,
  boost: number,
  random: Random,
): Engagement {
  const { scale, rates } = ENGAGEMENT[platform];
  const reach =
    scale * (followers + 50) ** FOLLOWER_ELASTICITY * random.logNormal(1, REACH_SIGMA) * boost;
  const repost_num = share(reach, rates.repost_num, random);
  const reply_num = share(reach, rates.reply_num, random);
  // Forum replies are the forum's comments.
  const comment_num = reply_num || share(reach, rates.comment_num, random);
  const like_num = share(reach, rates.like_num, random);
  const collect_num = share(reach, rates.collect_num, random);
  const share_num = share(reach, rates.share_num, random);
  return {
    engagement_num: repost_num + comment_num + like_num + collect_num + share_num,
    repost_num,
    comment_num,
    like_num,
    collect_num,
    share_num,
    read_num: share(reach, rates.read_num, random),
    play_num: share(reach, rates.play_num, random),
    reply_num,
    danmu_num: share(reach, rates.danmu_num, random),
    coin_num: share(reach, rates.coin_num, random),
  };
}
