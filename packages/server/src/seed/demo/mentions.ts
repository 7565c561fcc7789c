import type { PathTreeNode } from '@yuqing/core';
import { demoProfile } from '../demo-project.js';
import type { BurstKind } from './calendar.js';
import { Weighted, type Random } from './random.js';

/** A leaf of the demo profile's brand or topic tree; its title is the word posts use. */
export interface Leaf {
  title: string;
  path: string;
  /** The title of the branch above it, such as the brand a model belongs to. */
  parent: string;
}

/** The brands and topics a post talks about, main one first. */
export interface Mentions {
  brands: Leaf[];
  topics: Leaf[];
}

function leavesOf(trees: readonly PathTreeNode[], parent = ''): Leaf[] {
  return trees.flatMap((node) =>
    node.children?.length
      ? leavesOf(node.children, node.title)
      : [{ title: node.title, path: node.value, parent }],
  );
}

export const BRAND_LEAVES = leavesOf(demoProfile.brandPathsTree);
export const TOPIC_LEAVES = leavesOf(demoProfile.topicPathsTree);

/** Own models get most of the talk; leaves not listed weigh 8. */
const BRAND_WEIGHTS: Record<string, number> = {
  星河S7: 30,
  星河X5: 20,
  星河E3: 12,
  A6: 12,
  A8: 8,
  B3: 10,
  B5: 8,
};
/** Launches and motor shows are mostly talked about during their bursts. */
const TOPIC_WEIGHTS: Record<string, number> = {
  续航: 22,
  智能座舱: 18,
  外观设计: 16,
  维修: 8,
  充电: 14,
  新品发布: 4,
  车展: 4,
};

/** What each burst is about; the motor show is about every brand. */
const BURST_FOCUS: Record<BurstKind, { brand?: string; topic: string }> = {
  launch: { brand: '星河S7', topic: '新品发布' },
  motorShow: { topic: '车展' },
  rivalLaunch: { brand: 'B5', topic: '新品发布' },
  recall: { brand: '星河X5', topic: '维修' },
};

const weighted = (leaves: readonly Leaf[], weights: Record<string, number>) =>
  new Weighted(leaves.map((leaf) => [leaf, weights[leaf.title] ?? 8] as const));
const brands = weighted(BRAND_LEAVES, BRAND_WEIGHTS);
const topics = weighted(TOPIC_LEAVES, TOPIC_WEIGHTS);

function leaf(leaves: readonly Leaf[], title: string): Leaf {
  const found = leaves.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`the demo profile has no leaf ${title}`);
  return found;
}

function withSecond(first: Leaf, picker: Weighted<Leaf>, chance: number, random: Random): Leaf[] {
  if (!random.chance(chance)) return [first];
  const second = picker.pick(random);
  return second === first ? [first] : [first, second];
}

const ownBrands = new Map(
  [...new Set(BRAND_LEAVES.map((leaf) => leaf.parent))].map((brand) => [
    brand,
    weighted(
      BRAND_LEAVES.filter((leaf) => leaf.parent === brand),
      BRAND_WEIGHTS,
    ),
  ]),
);

/**
 * One or two brands and one or two topics; a burst's post is about the burst's subject. A brand's
 * own account talks about its own models and compares with no one.
 */
export function pickMentions(
  burst: BurstKind | undefined,
  random: Random,
  ownBrand?: string,
): Mentions {
  const focus = burst && BURST_FOCUS[burst];
  const focusBrand = focus?.brand ? leaf(BRAND_LEAVES, focus.brand) : undefined;
  const topic = focus ? leaf(TOPIC_LEAVES, focus.topic) : topics.pick(random);
  const mentionedTopics = withSecond(topic, topics, 0.3, random);
  if (ownBrand === undefined) {
    const brand = focusBrand ?? brands.pick(random);
    return { brands: withSecond(brand, brands, 0.25, random), topics: mentionedTopics };
  }
  const own = ownBrands.get(ownBrand);
  if (!own) throw new Error(`the demo profile has no brand ${ownBrand}`);
  const brand = focusBrand?.parent === ownBrand ? focusBrand : own.pick(random);
  return { brands: [brand], topics: mentionedTopics };
}
