import type { Gist, Writer } from './content.js';
import { pickMentions } from './mentions.js';
import { CAMPAIGN_FILLERS, CAMPAIGN_SUFFIXES } from './phrases.js';
import type { Platform } from './platforms.js';
import type { Random } from './random.js';

/** A paid-posting (水军) campaign: one text copied, with small edits, by many small accounts. */
export interface Campaign {
  platform: Platform;
  gist: Gist;
  text: string;
}

const CAMPAIGNS = 8;
const CAMPAIGN_PLATFORMS: readonly Platform[] = ['Weibo', 'Weibo', 'Douyin', 'Kuaishou'];

/** One campaign runs at a time; the window is split evenly between them. */
export class Campaigns {
  private readonly campaigns: Campaign[];

  constructor(
    private readonly random: Random,
    writer: Writer,
  ) {
    this.campaigns = Array.from({ length: CAMPAIGNS }, () => {
      const { brands, topics } = pickMentions(undefined, random);
      const gist: Gist = {
        mentions: { brands: brands.slice(0, 1), topics: topics.slice(0, 1) },
        tone: random.chance(0.6) ? 'positive' : 'negative',
        burst: undefined,
      };
      return { platform: random.pick(CAMPAIGN_PLATFORMS), gist, text: writer.campaignText(gist) };
    });
  }

  /** The campaign running at `progress` (0 = start of the window, 1 = now). */
  at(progress: number): Campaign {
    return this.campaigns[Math.min(CAMPAIGNS - 1, Math.floor(progress * CAMPAIGNS))] as Campaign;
  }

  /** The campaign's text with a filler word after its first comma and a different ending. */
  copy(campaign: Campaign): string {
    const filler = this.random.pick(CAMPAIGN_FILLERS);
    return `${campaign.text.replace('，', `，${filler}`)}${this.random.pick(CAMPAIGN_SUFFIXES)}`;
  }
}
