import type { BurstKind } from './calendar.js';
import type { Corpus } from './corpus.js';
import type { Mentions } from './mentions.js';
import {
  ARTICLE_CLOSINGS,
  ARTICLE_PARAGRAPHS,
  ARTICLE_QUOTES,
  BURST_HASHTAGS,
  BURST_HEADLINES,
  CAMPAIGNS,
  EMOJIS,
  FACTS,
  GENERIC_FACTS,
  GENERIC_SUBJECTS,
  HEADLINES,
  LEAD_OPENERS,
  NEUTRAL_TAILS,
  OPINION_JOINERS,
  RECALL_FACTS,
  RECALL_SUBJECTS,
  RETWEET_COMMENTS,
  REVIEW_QUOTES,
  SECOND_BRAND,
  SECOND_TOPIC_OPENERS,
  SUBJECTS,
  TITLES,
  type Tone,
} from './phrases.js';
import type { Format } from './platforms.js';
import type { Random } from './random.js';

export interface Written {
  title: string;
  text: string;
  body: string;
  summary: string | undefined;
  hashTags: string[];
}

/** What one post is about and how it feels. */
export interface Gist {
  mentions: Mentions;
  tone: Tone;
  burst: BurstKind | undefined;
  /** Said with more conviction, for a story many will forward: its tone must be unmistakable. */
  emphatic?: boolean;
}

/** A template cut at its placeholders: text at even indexes, placeholder keys at odd ones. */
const compiled = new Map<string, string[]>();
function compile(template: string): string[] {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(/\{(\w)\}/);
    compiled.set(template, parts);
  }
  return parts;
}

/**
 * Writes posts from templates and real review clauses. The corpus given must hold no brand or
 * topic words, so that only the templates' placeholders name them.
 */
export class Writer {
  constructor(
    private readonly random: Random,
    private readonly corpus: Corpus,
  ) {}

  write(format: Format, gist: Gist, trending: string | undefined): Written {
    switch (format) {
      case 'microblog':
        return this.microblog(gist, trending);
      case 'article':
        return this.article(gist);
      case 'short':
        return this.plain(
          `${this.opinion(gist)}${this.emoji(gist)}${this.fill(' #{b} #{t}', gist)}`,
        );
      case 'note':
        return this.titled(
          TITLES.note,
          `${this.opinion(gist)}${this.emoji(gist)}${this.fill(' #{b}[话题]#', gist)}`,
          gist,
        );
      case 'video':
        return this.titled(TITLES.video, this.opinion(gist), gist);
      case 'forum':
        return this.titled(TITLES.forum, this.opinion(gist) + this.afterthought(gist), gist);
      case 'qa':
        return this.titled(TITLES.qa, this.opinion(gist), gist);
    }
  }

  retweetComment(tone: Tone): string {
    return this.random.pick(RETWEET_COMMENTS[tone]);
  }

  /** The original a paid-posting campaign copies. */
  campaignText(gist: Gist): string {
    return this.fill(this.random.pick(CAMPAIGNS[gist.tone]), gist);
  }

  private microblog(gist: Gist, trending: string | undefined): Written {
    const hashTags: string[] = [];
    let text = this.opinion(gist) + this.emoji(gist);
    const tag = gist.burst
      ? this.fill(BURST_HASHTAGS[gist.burst], gist)
      : this.random.chance(0.3)
        ? this.fill('{b}', gist)
        : undefined;
    if (tag) {
      text = `#${tag}#${text}`;
      hashTags.push(tag);
    }
    if (trending) {
      text = `#${trending}# ${text}`;
      hashTags.unshift(trending);
    }
    return { title: '', text, body: '', summary: undefined, hashTags };
  }

  private article(gist: Gist): Written {
    const headlines = gist.burst ? BURST_HEADLINES[gist.burst] : HEADLINES[gist.tone];
    const summary = `${this.random.pick(LEAD_OPENERS)}${this.fact(gist)}。`;
    const quote = this.fill(this.random.pick(REVIEW_QUOTES[gist.tone]), gist);
    const text = `${summary}${quote}${this.seconds(gist)}`;
    const paragraphs = [text];
    for (let count = this.random.int(6, 13); count > 0; count--) {
      const templates = this.random.chance(0.25) ? ARTICLE_QUOTES : ARTICLE_PARAGRAPHS;
      paragraphs.push(this.fill(this.random.pick(templates), gist));
    }
    paragraphs.push(this.random.pick(ARTICLE_CLOSINGS));
    return {
      title: this.fill(this.random.pick(headlines), gist),
      text,
      body: paragraphs.join('\n\n'),
      summary,
      hashTags: [],
    };
  }

  private titled(titles: readonly string[], text: string, gist: Gist): Written {
    return { ...this.plain(text), title: this.fill(this.random.pick(titles), gist) };
  }

  private plain(text: string): Written {
    return { title: '', text, body: '', summary: undefined, hashTags: [] };
  }

  /** An opinion on the main brand and topic, then any second brand or topic. */
  private opinion(gist: Gist): string {
    if (gist.tone === 'neutral') {
      return `${this.fact(gist)}${this.fill(this.random.pick(NEUTRAL_TAILS), gist)}${this.seconds(gist)}`;
    }
    let text = `${this.subject(gist)}${this.random.pick(OPINION_JOINERS)}${this.review(gist.tone)}`;
    const more = gist.emphatic ? 2 : this.random.chance(0.5) ? 1 : 0;
    for (let clause = 0; clause < more; clause++) text += `，${this.review(gist.tone)}`;
    text += gist.tone === 'positive' && this.random.chance(0.3) ? '！' : '。';
    return text + this.seconds(gist);
  }

  private seconds(gist: Gist): string {
    const { brands, topics } = gist.mentions;
    let text = '';
    if (brands.length > 1) {
      text += `${this.fill(this.random.pick(SECOND_BRAND[gist.tone]), gist)}。`;
    }
    if (topics.length > 1) {
      const opener = this.fill(this.random.pick(SECOND_TOPIC_OPENERS), gist);
      text += `${opener}${gist.tone === 'neutral' ? '还在了解中' : this.review(gist.tone)}。`;
    }
    return text;
  }

  /** Forum posts often go on a little. */
  private afterthought(gist: Gist): string {
    return gist.tone !== 'neutral' && this.random.chance(0.5) ? `${this.review(gist.tone)}。` : '';
  }

  private subject(gist: Gist): string {
    const templates =
      gist.burst === 'recall'
        ? RECALL_SUBJECTS
        : (SUBJECTS[gist.mentions.topics[0]?.title ?? ''] ?? GENERIC_SUBJECTS);
    return this.fill(this.random.pick(templates), gist);
  }

  private fact(gist: Gist): string {
    const templates =
      gist.burst === 'recall'
        ? RECALL_FACTS
        : (FACTS[gist.mentions.topics[0]?.title ?? ''] ?? GENERIC_FACTS);
    return this.fill(this.random.pick(templates), gist);
  }

  private emoji(gist: Gist): string {
    return this.random.pick(EMOJIS[gist.tone]);
  }

  /** A real review clause: negative for a negative post, positive otherwise. */
  private review(tone: Tone): string {
    return this.random.pick(tone === 'negative' ? this.corpus.negative : this.corpus.positive);
  }

  private fill(template: string, gist: Gist): string {
    const parts = compile(template);
    let text = parts[0] as string;
    for (let index = 1; index < parts.length; index += 2) {
      text += this.placeholder(parts[index] as string, gist) + (parts[index + 1] as string);
    }
    return text;
  }

  private placeholder(key: string, gist: Gist): string {
    const { brands, topics } = gist.mentions;
    switch (key) {
      case 'b':
        return brands[0]?.title ?? '';
      case 'p':
        return brands[0]?.parent ?? '';
      case 'c':
        return brands[1]?.title ?? '';
      case 't':
        return topics[0]?.title ?? '';
      case 'u':
        return topics[1]?.title ?? '';
      case 'y':
        return `${this.random.int(12, 33)}.98`;
      case 'r':
        return String(this.random.int(45, 90) * 10);
      case 'k':
        return String(this.random.pick([120, 180, 250, 350, 480]));
      case 'n':
        return String(this.random.int(8, 300) * 100);
      case 'q':
        return this.review(gist.tone);
      case 'g':
        return this.review('positive');
      case 'w':
        return this.review('negative');
      default:
        throw new Error(`unknown placeholder {${key}}`);
    }
  }
}
