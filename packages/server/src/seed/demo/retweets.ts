import { HOUR } from './calendar.js';
import type { Gist } from './content.js';
import type { Random } from './random.js';

/** What a retweet needs of the Weibo post it forwards. */
export interface WeiboPost {
  id: string;
  text: string;
  screenName: string;
  created: number;
  gist: Gist;
  hashTags: string[];
  /** 0 for an original, 1 for a retweet of it, and so on. */
  depth: number;
}

interface Cascade {
  root: WeiboPost;
  /** The latest retweets in the cascade, which are retweeted in turn. */
  members: WeiboPost[];
}

/** Share of Weibo posts that forward an ordinary recent post. */
const ORDINARY_RETWEET_SHARE = 0.22;
/** A fresh viral root draws up to this share of Weibo posts into its cascade. */
const VIRAL_PULL = 0.6;
/** A viral root's pull falls by e every this many hours. */
const VIRAL_HOURS = 30;
const VIRAL_RETWEET_OF_RETWEET = 0.35;
const MAX_DEPTH = 4;
const RECENT = 500;
const CASCADE_MEMBERS = 64;

/**
 * Decides which Weibo posts are retweets and of what: mostly ordinary recent posts, and while a
 * viral root is fresh, a large share of its cascade, itself or retweets of it. Memory is bounded.
 */
export class RetweetNetwork {
  private readonly recent: WeiboPost[] = [];
  private recentNext = 0;
  private cascades: Cascade[] = [];

  constructor(private readonly random: Random) {}

  /** The parent a Weibo post at `time` forwards, or undefined for an original. */
  parentFor(time: number): WeiboPost | undefined {
    this.cascades = this.cascades.filter((cascade) => this.heat(cascade, time) > 0.01);
    const heats = this.cascades.map((cascade) => this.heat(cascade, time));
    const totalHeat = heats.reduce((sum, heat) => sum + heat, 0);
    const viral = VIRAL_PULL * Math.min(1, totalHeat);
    const roll = this.random.next();
    if (roll < viral) {
      let target = this.random.next() * totalHeat;
      const cascade = this.cascades.find((_, index) => (target -= heats[index] as number) < 0);
      return cascade && this.inCascade(cascade);
    }
    if (roll < viral + ORDINARY_RETWEET_SHARE && this.recent.length > 0) {
      const parent = this.random.pick(this.recent);
      return parent.depth < MAX_DEPTH ? parent : undefined;
    }
    return undefined;
  }

  /** Records a Weibo post so later posts may forward it. */
  remember(post: WeiboPost, parent?: WeiboPost) {
    this.recent[this.recentNext] = post;
    this.recentNext = (this.recentNext + 1) % RECENT;
    if (!parent) return;
    const cascade = this.cascades.find(
      (candidate) => candidate.root === parent || candidate.members.includes(parent),
    );
    if (!cascade || post.depth >= MAX_DEPTH) return;
    if (cascade.members.length < CASCADE_MEMBERS) cascade.members.push(post);
    else cascade.members[this.random.int(0, CASCADE_MEMBERS)] = post;
  }

  startCascade(root: WeiboPost) {
    this.cascades.push({ root, members: [] });
  }

  private inCascade(cascade: Cascade): WeiboPost {
    return cascade.members.length > 0 && this.random.chance(VIRAL_RETWEET_OF_RETWEET)
      ? this.random.pick(cascade.members)
      : cascade.root;
  }

  private heat(cascade: Cascade, time: number): number {
    return Math.exp(-(time - cascade.root.created) / (VIRAL_HOURS * HOUR));
  }
}
