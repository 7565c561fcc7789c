import { withAncestors, type post, type SENTIMENTS } from '@yuqing/core';
import type { z } from 'zod';
import { AccountPool, type Account } from './accounts.js';
import { imageUrl } from './assets.js';
import {
  bursts,
  chinaDay,
  DAY,
  HOUR,
  timeSlots,
  type BurstKind,
  type Slot,
  type TimeWindow,
} from './calendar.js';
import { Campaigns } from './campaigns.js';
import { Writer, type Gist, type Written } from './content.js';
import { loadCorpus, type Corpus } from './corpus.js';
import { engagementFor, type Engagement } from './engagement.js';
import { BRAND_LEAVES, pickMentions, TOPIC_LEAVES, type Leaf } from './mentions.js';
import type { Tone } from './phrases.js';
import { PLATFORMS, postUri, type Platform, type PlatformProfile } from './platforms.js';
import { Random, Weighted } from './random.js';
import { RetweetNetwork, type WeiboPost } from './retweets.js';

/** A post as core's schema accepts it. */
export type DemoPost = z.input<typeof post>;

/** A demo post with the fields the generator always sets. */
type BuiltPost = DemoPost &
  Engagement & { _id: string; created: number; author: string; text: string; hash_tag: string[] };
/** A post and what it was written to say. */
type Built = { post: BuiltPost; gist: Gist };

export interface DemoOptions {
  count: number;
  seed: number;
  /** Epoch ms; no post is later. */
  now: number;
  /** How far back posts go; 180 by default. */
  days?: number;
  /**
   * Every post carries the tone it was written in as its tendency, for tests of what reads
   * tendency (alerts) that must not depend on the sentiment classifier. Same posts otherwise.
   */
  labelled?: boolean;
}

/** Near-duplicate copies of paid-posting campaigns. */
const WATER_SHARE = 0.03;
/** Posts whose source already labelled the sentiment; enrichment computes the rest. */
const LABELLED_SHARE = 0.05;
/** Weibo originals that ride a trending topic. */
const TRENDING_SHARE = 0.18;
/** Trending posts pick from the top of the day's list. */
const TRENDING_TOP = 50;
/** Organic viral moments besides the one at each burst's start. */
const ORGANIC_VIRAL_MOMENTS = 6;
const VIRAL_BOOST = 30;
const RETWEET_BOOST = 0.3;
const WATER_BOOST = 0.2;

const TONES: Record<BurstKind | 'ordinary', Weighted<Tone>> = {
  ordinary: tones(36, 44, 20),
  launch: tones(62, 30, 8),
  motorShow: tones(55, 38, 7),
  rivalLaunch: tones(45, 40, 15),
  recall: tones(8, 25, 67),
};
const TONE_LABELS: Record<Tone, (typeof SENTIMENTS)[number]> = {
  positive: '正面',
  neutral: '中性',
  negative: '负面',
};
/** Who starts each burst's viral Weibo post, and in what tone; its retweets keep the tone. */
const VIRAL_STARTS: Record<BurstKind, { author?: string; tone?: Tone }> = {
  launch: { author: '星河汽车', tone: 'positive' },
  motorShow: {},
  rivalLaunch: { author: '竞品B汽车', tone: 'positive' },
  recall: { author: '京城晚报', tone: 'negative' },
};

function tones(positive: number, neutral: number, negative: number): Weighted<Tone> {
  return new Weighted<Tone>([
    ['positive', positive],
    ['neutral', neutral],
    ['negative', negative],
  ]);
}

/** Review clauses and trending titles that name a brand or topic would tag posts by accident. */
function withoutLeafWords(corpus: Corpus): Corpus {
  const words = [...BRAND_LEAVES, ...TOPIC_LEAVES].map((leaf) => leaf.title);
  const clean = (lines: string[]) =>
    lines.filter((line) => !words.some((word) => line.includes(word)));
  return {
    positive: clean(corpus.positive),
    negative: clean(corpus.negative),
    trendingDays: corpus.trendingDays.map(clean),
  };
}

interface ViralMoment {
  time: number;
  burst: BurstKind | undefined;
}

/**
 * Demo posts for the demo project, oldest first, generated lazily: the same options always give
 * the same posts. See README.md for the distributions.
 */
export function* generateDemoPosts(options: DemoOptions): Generator<DemoPost> {
  const { count, seed, now, days = 180, labelled = false } = options;
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError('count must be a whole number of posts');
  }
  if (!Number.isSafeInteger(now)) throw new RangeError('now must be epoch milliseconds');
  if (!(days > 0)) throw new RangeError('days must be positive');

  const random = new Random(seed);
  const window: TimeWindow = { start: now - Math.round(days * DAY), end: now };
  const factory = new DemoFactory(random, window, count, seed);
  for (const slot of timeSlots(window, count, random)) {
    const { post, gist } = factory.post(slot);
    if (labelled) post.tendency = TONE_LABELS[gist.tone];
    yield post;
  }
}

class DemoFactory {
  private readonly corpus = withoutLeafWords(loadCorpus());
  private readonly writer: Writer;
  private readonly accounts: AccountPool;
  private readonly network: RetweetNetwork;
  private readonly campaigns: Campaigns;
  private readonly platforms = new Weighted(PLATFORMS.map((p) => [p, p.share] as const));
  private readonly images = new Map(
    PLATFORMS.map((profile) => [profile.platform, new Weighted(profile.images)]),
  );
  private readonly viralMoments: ViralMoment[];
  private readonly seedTag: string;
  private serial = 0;

  constructor(
    private readonly random: Random,
    private readonly window: TimeWindow,
    count: number,
    seed: number,
  ) {
    this.writer = new Writer(random, this.corpus);
    this.accounts = new AccountPool(random, count);
    this.network = new RetweetNetwork(random);
    this.campaigns = new Campaigns(random, this.writer);
    this.seedTag = (seed >>> 0).toString(36);
    const span = window.end - window.start;
    this.viralMoments = [
      ...bursts(window).map(({ kind, start }) => ({ time: start + HOUR, burst: kind })),
      ...Array.from({ length: ORGANIC_VIRAL_MOMENTS }, () => ({
        time: window.start + random.next() * span,
        burst: undefined,
      })),
    ].sort((a, b) => a.time - b.time);
  }

  post(slot: Slot): Built {
    if (this.random.chance(WATER_SHARE)) return this.waterPost(slot);
    const profile = this.platforms.pick(this.random);
    if (profile.platform !== 'Weibo') return this.original(slot, profile);

    const moment = this.viralMoments[0];
    if (moment && moment.time <= slot.created) {
      this.viralMoments.shift();
      return this.viralRoot({ ...slot, burst: moment.burst }, profile);
    }
    const parent = this.network.parentFor(slot.created);
    if (parent) return this.retweet(slot, parent, profile);
    const built = this.original(slot, profile);
    this.network.remember(weiboPost(built.post, built.gist, 0));
    return built;
  }

  private original(
    slot: Slot,
    profile: PlatformProfile,
    viral?: { author: Account; tone: Tone | undefined },
  ): Built {
    const account = viral?.author ?? this.accounts.pick(profile.platform);
    const tone = viral?.tone ?? TONES[slot.burst ?? 'ordinary'].pick(this.random);
    const gist: Gist = {
      mentions: pickMentions(slot.burst, this.random, account.brand),
      // A brand's own account does not run itself down; in a recall it states the facts.
      tone: account.brand && tone === 'negative' ? 'neutral' : tone,
      burst: slot.burst,
      emphatic: viral !== undefined,
    };
    const trending =
      profile.format === 'microblog' && this.random.chance(TRENDING_SHARE)
        ? this.trendingTitle(slot.created)
        : undefined;
    const written = this.writer.write(profile.format, gist, trending);
    const pictures = this.pictures(profile.platform);
    const boost = viral ? VIRAL_BOOST : 1;
    const post = this.assemble(slot, profile, account, gist, written, boost, pictures);
    if (this.random.chance(LABELLED_SHARE)) post.tendency = TONE_LABELS[gist.tone];
    return { post, gist };
  }

  private viralRoot(slot: Slot, profile: PlatformProfile): Built {
    const start = slot.burst ? VIRAL_STARTS[slot.burst] : {};
    const author =
      (start.author && this.accounts.byName('Weibo', start.author)) ||
      this.accounts.pickProminent('Weibo');
    const { post, gist } = this.original(slot, profile, { author, tone: start.tone });
    const root = weiboPost(post, gist, 0);
    this.network.remember(root);
    this.network.startCascade(root);
    return { post, gist };
  }

  private retweet(slot: Slot, parent: WeiboPost, profile: PlatformProfile): Built {
    const account = this.accounts.pick('Weibo');
    const comment = this.writer.retweetComment(parent.gist.tone);
    const written: Written = {
      title: '',
      text: `${comment}//@${parent.screenName}:${parent.text}`,
      body: '',
      summary: undefined,
      hashTags: [...parent.hashTags],
    };
    const post = this.assemble(slot, profile, account, parent.gist, written, RETWEET_BOOST);
    post.retweeted = 'YES';
    post.retweeted_status = {
      _id: parent.id,
      text: parent.text,
      user: { screen_name: parent.screenName },
    };
    post.rel = parent.id;
    this.network.remember(weiboPost(post, parent.gist, parent.depth + 1), parent);
    return { post, gist: parent.gist };
  }

  private waterPost(slot: Slot): Built {
    const campaign = this.campaigns.at(slot.progress);
    const profile = PLATFORMS.find((candidate) => candidate.platform === campaign.platform);
    if (!profile) throw new Error(`no platform ${campaign.platform}`);
    const written: Written = {
      title: '',
      text: this.campaigns.copy(campaign),
      body: '',
      summary: undefined,
      hashTags: [],
    };
    const account = this.accounts.pickOrdinary(campaign.platform);
    const post = this.assemble(slot, profile, account, campaign.gist, written, WATER_BOOST);
    return { post, gist: campaign.gist };
  }

  private assemble(
    slot: Slot,
    profile: PlatformProfile,
    account: Account,
    gist: Gist,
    written: Written,
    boost: number,
    pictures: string[] = [],
  ): BuiltPost {
    const serial = this.serial++;
    const counts = engagementFor(profile.platform, account.followers, boost, this.random);
    const post: BuiltPost = {
      _id: `demo-${this.seedTag}-${serial.toString(36).padStart(6, '0')}`,
      uri: postUri(profile.platform, account.media, this.uriKey(serial), account.id),
      author: account.screenName,
      created: slot.created,
      media: account.media,
      media_type: profile.mediaType,
      media_platform: profile.platform,
      media_level: account.level,
      account_type: account.accountType,
      title: written.title,
      text: written.text,
      body: written.body,
      user: userOf(account),
      brand_paths: pathsOf(gist.mentions.brands),
      topic_paths: pathsOf(gist.mentions.topics),
      hash_tag: written.hashTags,
      imgs: pictures,
      pic_urls: pictures.map((url) => ({ thumbnail_pic: url })),
      engagement_num: counts.engagement_num,
      repost_num: counts.repost_num,
      comment_num: counts.comment_num,
      like_num: counts.like_num,
      collect_num: counts.collect_num,
      share_num: counts.share_num,
      read_num: counts.read_num,
      play_num: counts.play_num,
      reply_num: counts.reply_num,
      danmu_num: counts.danmu_num,
      coin_num: counts.coin_num,
    };
    if (written.summary) post.summary = written.summary;
    if (account.location) post.location = account.location;
    return post;
  }

  private trendingTitle(created: number): string {
    const days = this.corpus.trendingDays;
    const day = days[(chinaDay(created) - chinaDay(this.window.start)) % days.length] ?? [];
    return this.random.pick(day.slice(0, TRENDING_TOP));
  }

  private pictures(platform: Platform): string[] {
    const pictures: string[] = [];
    for (let count = this.images.get(platform)?.pick(this.random) ?? 0; count > 0; count--) {
      pictures.push(imageUrl(this.random.int(0, 1 << 20)));
    }
    return pictures;
  }

  /** A platform-looking id, unique per post and seed. */
  private uriKey(serial: number): string {
    return `${this.seedTag}${serial * 7919 + 104_729}`;
  }
}

const weiboPost = (post: BuiltPost, gist: Gist, depth: number): WeiboPost => ({
  id: post._id,
  text: post.text,
  screenName: post.author,
  created: post.created,
  gist,
  hashTags: post.hash_tag,
  depth,
});

/** Path lists with their ancestors, as stored; there are few combinations, so each is kept. */
const pathLists = new Map<Leaf, Map<Leaf | undefined, string[]>>();
function pathsOf([first, second]: readonly Leaf[]): string[] {
  if (!first) return [];
  let byFirst = pathLists.get(first);
  if (!byFirst) pathLists.set(first, (byFirst = new Map()));
  let paths = byFirst.get(second);
  if (!paths) {
    paths = withAncestors(second ? [first.path, second.path] : [first.path]);
    byFirst.set(second, paths);
  }
  // A copy, so that a caller changing one post's list changes no other post.
  return [...paths];
}

function userOf(account: Account): NonNullable<DemoPost['user']> {
  const user: NonNullable<DemoPost['user']> = {
    screen_name: account.screenName,
    followers_count: account.followers,
    avatar_large: account.avatar,
    profile_image_url: account.avatar,
    description: account.description,
  };
  if (account.vName) user.v_name = account.vName;
  if (account.gender) user.gender = account.gender;
  if (account.biz) user.biz = account.biz;
  return user;
}
