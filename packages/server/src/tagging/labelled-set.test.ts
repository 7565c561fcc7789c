import { describe, expect, it } from 'vitest';
import { demoRules } from '../seed/demo-rules.js';
import { LABELLED_TEXTS } from '../../test/tagging-labelled-set.js';
import { compileMatcher } from './compile-matcher.js';
import { tagText } from './tag-text.js';
import { topicRows } from './topic-rows.js';

interface Tally {
  found: number;
  expected: number;
  correct: number;
}

const score = ({ found, expected, correct }: Tally) => ({
  precision: correct / found,
  recall: correct / expected,
});

function count(tally: Tally, found: ReadonlySet<string>, expected: ReadonlySet<string>) {
  tally.found += found.size;
  tally.expected += expected.size;
  for (const item of found) if (expected.has(item)) tally.correct++;
}

describe('the demo rules on the hand-labelled texts', () => {
  it('find product mentions and topic feelings with high precision and recall', () => {
    expect(LABELLED_TEXTS.length).toBeGreaterThanOrEqual(200);
    const matcher = compileMatcher(demoRules);
    const products: Tally = { found: 0, expected: 0, correct: 0 };
    const topics: Tally = { found: 0, expected: 0, correct: 0 };
    const misses: string[] = [];
    for (const labelled of LABELLED_TEXTS) {
      const tags = tagText(matcher, { text: labelled.text });
      const foundProducts = new Set(tags.products.map((m) => demoRules.products[m.index]!.name));
      const foundTopics = new Set(
        topicRows(matcher, tags).map((row) => `${row.topic}${row.emotion}`),
      );
      const expectedTopics = new Set(
        Object.entries(labelled.topics).map(([topic, emotion]) => `${topic}${emotion}`),
      );
      count(products, foundProducts, new Set(labelled.products));
      count(topics, foundTopics, expectedTopics);
      const wrong = [...foundTopics].filter((t) => !expectedTopics.has(t));
      const missed = [...expectedTopics].filter((t) => !foundTopics.has(t));
      if (wrong.length + missed.length > 0)
        misses.push(`${labelled.text}: +${wrong.join(',')} -${missed.join(',')}`);
    }
    const figures = { products: score(products), topicFeelings: score(topics) };
    process.stdout.write(
      `tagger on ${LABELLED_TEXTS.length} labelled texts: ${JSON.stringify(figures)}\n` +
        misses.map((miss) => `  ${miss}\n`).join(''),
    );
    expect(figures.products.precision).toBeGreaterThanOrEqual(0.95);
    expect(figures.products.recall).toBeGreaterThanOrEqual(0.95);
    expect(figures.topicFeelings.precision).toBeGreaterThanOrEqual(0.9);
    expect(figures.topicFeelings.recall).toBeGreaterThanOrEqual(0.9);
  });
});
