import type { TagRules } from '@yuqing/core';
import { WordAutomaton } from './automaton.js';
import { normalise } from './normalise.js';

export type RuleKind = 'brand' | 'category' | 'product' | 'topic' | 'sentiment' | 'negation';

/** A rule a matched word stands for: its kind and its index in the rules' list of that kind. */
export interface RuleRef {
  kind: RuleKind;
  index: number;
}

/** The rules of a project compiled for matching; never changed once built. */
export interface TagMatcher {
  rules: TagRules;
  /** Leftmost-longest matches of every rule word, over normalised text. */
  automaton: WordAutomaton;
  /** The rules each normalised word stands for. */
  refs: ReadonlyMap<string, readonly RuleRef[]>;
  /** The same by the automaton's number of the word. */
  wordRefs: readonly (readonly RuleRef[])[];
  /** 1 for a word that stands for a negation alone: kept without checking its word boundaries. */
  negationOnly: Uint8Array;
  /** Brand path by brand name, product path by product name (its brand's path and its name). */
  brandPaths: ReadonlyMap<string, string>;
  productPaths: ReadonlyMap<string, string>;
  categoryPaths: ReadonlyMap<string, string>;
  /** Products by name, for the names a caller already knows (tags_new's product_mentions). */
  productIndex: ReadonlyMap<string, number>;
}

/**
 * Builds the matcher: every name, alias and word in normal form, mapped to the rules it stands
 * for. A word two rules share stands for both (a topic word that is also a sentiment word).
 */
export function compileMatcher(rules: TagRules): TagMatcher {
  const refs = new Map<string, RuleRef[]>();
  const add = (word: string, kind: RuleKind, index: number) => {
    const key = normalise(word);
    if (!key) return;
    const list = refs.get(key);
    if (!list) refs.set(key, [{ kind, index }]);
    else if (!list.some((ref) => ref.kind === kind)) list.push({ kind, index });
  };
  rules.brands.forEach((brand, i) =>
    [brand.name, ...brand.aliases].forEach((w) => add(w, 'brand', i)),
  );
  rules.categories.forEach((category, i) =>
    [category.name, ...category.aliases].forEach((w) => add(w, 'category', i)),
  );
  rules.products.forEach((product, i) =>
    [product.name, ...product.aliases].forEach((w) => add(w, 'product', i)),
  );
  rules.topics.forEach((topic, i) =>
    [topic.name, ...topic.words].forEach((w) => add(w, 'topic', i)),
  );
  rules.sentiments.forEach((sentiment, i) => add(sentiment.word, 'sentiment', i));
  rules.negations.forEach((negation, i) => add(negation, 'negation', i));

  const brandPaths = new Map(rules.brands.map((brand) => [brand.name, brand.path]));
  const productPaths = new Map<string, string>();
  const productIndex = new Map<string, number>();
  rules.products.forEach((product, i) => {
    if (productIndex.has(product.name)) return;
    productIndex.set(product.name, i);
    productPaths.set(product.name, `${brandPaths.get(product.brand)}/${product.name}`);
  });
  const words = [...refs.keys()];
  const wordRefs = words.map((word) => refs.get(word)!);
  const negationOnly = new Uint8Array(words.length);
  wordRefs.forEach((list, i) => {
    if (list.length === 1 && list[0]!.kind === 'negation') negationOnly[i] = 1;
  });
  return {
    rules,
    automaton: new WordAutomaton(words),
    refs,
    wordRefs,
    negationOnly,
    brandPaths,
    productPaths,
    categoryPaths: new Map(rules.categories.map((category) => [category.name, category.path])),
    productIndex,
  };
}
