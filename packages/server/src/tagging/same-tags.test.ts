import { AhoCorasick } from '@monyone/aho-corasick/greedy';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { tagRules, withAncestors, type Post, type TagRules } from '@yuqing/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postWords } from '../ingest/enrich/post-text.js';
import { storedTagsOf } from '../ingest/import-tagging.js';
import { demoRules } from '../seed/demo-rules.js';
import { generateDemoPosts } from '../seed/demo/generate.js';
import { LABELLED_TEXTS } from '../../test/tagging-labelled-set.js';
import { WordAutomaton } from './automaton.js';
import { compileMatcher, type TagMatcher } from './compile-matcher.js';
import { emotionOf } from './emotion.js';
import { normalise } from './normalise.js';
import { productInfoOf } from './product-tags.js';
import { splitUnits, unitCursor } from './sentences.js';
import { tagPost } from './tag-post.js';
import {
  joinContent,
  NEGATION_REACH,
  tagText,
  type TagContent,
  type TextTags,
  type TopicMention,
} from './tag-text.js';

/*
 * The tagger as it was before its matching, word boundaries and import path were made faster
 * (the library's automaton, jieba asked per sentence with its own dictionary, tagPost built on
 * tagText's mentions, withAncestors per post): the oracle the tagger must still agree with.
 */
const referenceJieba = Jieba.withDict(dict);
const FUSED = new Set('很太真挺超最更蛮不没');
let referencePairs: Set<number> | undefined;
function dictionaryPairs(): Set<number> {
  const pairs = new Set<number>();
  for (const line of new TextDecoder().decode(dict).split('\n')) {
    const end = line.indexOf(' ');
    const word = end === -1 ? line : line.slice(0, end);
    for (let i = 0; i + 1 < word.length; i++)
      pairs.add(word.charCodeAt(i) * 0x10000 + word.charCodeAt(i + 1));
  }
  return pairs;
}
const mayJoin = (text: string, offset: number) => {
  if (offset === 0 || offset >= text.length) return false;
  referencePairs ??= dictionaryPairs();
  return referencePairs.has(text.charCodeAt(offset - 1) * 0x10000 + text.charCodeAt(offset));
};
const asciiWord = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a);
const wide = (text: string, begin: number, end: number) =>
  [...text.slice(begin, end)].some((char) => char.charCodeAt(0) > 0x7f);
interface Span {
  begin: number;
  end: number;
}
const needsJieba = (text: string, { begin, end }: Span) =>
  end - begin <= 2 && wide(text, begin, end) && (mayJoin(text, begin) || mayJoin(text, end));

function referenceBoundaries(text: string, sentenceStarts: readonly number[], matches: Span[]) {
  let boundaries: Uint8Array | undefined;
  const cut = () => {
    const sentences = new Set<number>();
    const sentenceOf = unitCursor(sentenceStarts);
    for (const match of matches)
      if (needsJieba(text, match)) sentences.add(sentenceOf(match.begin));
    const found = new Uint8Array(text.length + 1);
    for (const sentence of sentences) {
      const start = sentenceStarts[sentence]!;
      const words = referenceJieba.cut(
        text.slice(start, sentenceStarts[sentence + 1] ?? text.length),
        false,
      );
      let at = start;
      found[at] = 1;
      for (const word of words) {
        for (let i = 0; i < word.length - 1 && FUSED.has(word[i]!); i++) found[at + i + 1] = 1;
        at += word.length;
        found[at] = 1;
      }
    }
    return found;
  };
  return ({ begin, end }: Span) => {
    if (begin > 0 && asciiWord(text.charCodeAt(begin)) && asciiWord(text.charCodeAt(begin - 1)))
      return false;
    if (asciiWord(text.charCodeAt(end - 1)) && asciiWord(text.charCodeAt(end))) return false;
    if (!needsJieba(text, { begin, end })) return true;
    boundaries ??= cut();
    return boundaries[begin] === 1 && boundaries[end] === 1;
  };
}

const referenceAutomata = new WeakMap<TagMatcher, AhoCorasick>();

function referenceTagText(matcher: TagMatcher, content: TagContent): TextTags {
  let automaton = referenceAutomata.get(matcher);
  if (!automaton)
    referenceAutomata.set(matcher, (automaton = new AhoCorasick([...matcher.refs.keys()])));
  const text = normalise(joinContent(content));
  const { sentenceStarts, clauseStarts } = splitUnits(text);
  const matches = automaton.matchInText(text);
  const onBoundaries = referenceBoundaries(text, sentenceStarts, matches);
  const sentenceOf = unitCursor(sentenceStarts);
  const clauseOf = unitCursor(clauseStarts);
  const tags: TextTags = {
    brands: [],
    categories: [],
    products: [],
    topics: [],
    sentiments: [],
    sentenceCount: sentenceStarts.length,
  };
  let negation: { begin: number; end: number; clause: number } | undefined;
  for (const match of matches) {
    const { begin, end, keyword } = match;
    const sentence = sentenceOf(begin);
    const clause = clauseOf(begin);
    const refs = matcher.refs.get(keyword)!;
    const isNegation = refs.length === 1 && refs[0]!.kind === 'negation';
    if (!isNegation && !onBoundaries(match)) continue;
    for (const { kind, index } of refs) {
      const mention = { index, begin, sentence, clause, word: keyword };
      if (kind === 'negation') negation = { begin, end, clause };
      else if (kind === 'sentiment') {
        const negated =
          negation !== undefined &&
          negation.clause === clause &&
          begin - negation.end <= NEGATION_REACH;
        const weight = matcher.rules.sentiments[index]!.weight;
        tags.sentiments.push({
          ...mention,
          word: negated ? text.slice(negation!.begin, end) : keyword,
          weight: negated ? -weight : weight,
        });
        if (negated) negation = undefined;
      } else if (kind === 'topic') tags.topics.push({ ...mention, score: 0, sentimentWords: [] });
      else if (kind === 'brand') tags.brands.push(mention);
      else if (kind === 'category') tags.categories.push(mention);
      else tags.products.push(mention);
    }
  }
  for (const hit of tags.sentiments) {
    let topics: TopicMention[] = tags.topics.filter((topic) => topic.clause === hit.clause);
    if (topics.length === 0) {
      const inSentence = tags.topics.filter((topic) => topic.sentence === hit.sentence);
      const before = inSentence.filter((topic) => topic.begin <= hit.begin).at(-1);
      const nearest = before ?? inSentence.find((topic) => topic.begin > hit.begin);
      topics = nearest ? [nearest] : [];
    }
    for (const topic of topics) {
      topic.score += hit.weight;
      topic.sentimentWords.push(hit.word);
    }
  }
  return tags;
}

function referenceTagPost(matcher: TagMatcher, content: TagContent) {
  const tags = referenceTagText(matcher, content);
  const { rules } = matcher;
  const productIndexes = [...new Set(tags.products.map((mention) => mention.index))];
  const products = productIndexes.map((index) => rules.products[index]!);
  const namedBrands = new Set(products.map((product) => product.brand));
  const brandPaths = new Set(products.map((product) => matcher.productPaths.get(product.name)!));
  for (const mention of tags.brands) {
    const brand = rules.brands[mention.index]!;
    if (!namedBrands.has(brand.name)) brandPaths.add(brand.path);
  }
  const categoryPaths = new Set(tags.categories.map((m) => rules.categories[m.index]!.path));
  for (const product of products) {
    const path = product.category && matcher.categoryPaths.get(product.category);
    if (path) categoryPaths.add(path);
  }
  const topicCounts = new Map<number, number>();
  for (const mention of tags.topics)
    topicCounts.set(mention.index, (topicCounts.get(mention.index) ?? 0) + 1);
  let mainTopic = -1;
  for (const [index, count] of topicCounts)
    if (mainTopic === -1 || count > topicCounts.get(mainTopic)!) mainTopic = index;
  const found =
    tags.products.length + tags.brands.length + tags.categories.length + tags.topics.length;
  const score = tags.sentiments.reduce((sum, hit) => sum + hit.weight, 0);
  return {
    kg_infos: {
      category_paths: [...categoryPaths],
      brand_paths: [...brandPaths],
      topic_paths: [...topicCounts.keys()].map((index) => rules.topics[index]!.path),
      emotion: found + tags.sentiments.length > 0 ? emotionOf(score) : '',
      main_topic: mainTopic === -1 ? '' : rules.topics[mainTopic]!.name,
    },
    product_mentions: products.map((product) => product.name),
    product_infos: productIndexes.map((index) => productInfoOf(matcher, index)),
  };
}

function referenceStoredTags(matcher: TagMatcher, post: Post) {
  const { kg_infos: kg, ...rest } = referenceTagPost(matcher, post);
  return {
    kg_infos: {
      ...kg,
      category_paths: withAncestors(kg.category_paths),
      brand_paths: withAncestors(kg.brand_paths),
      topic_paths: withAncestors(kg.topic_paths),
    },
    ...rest,
  };
}

/** Texts at the edges of normalising, sentences and jieba's runs. */
const EDGE_TEXTS = [
  '星河 Ｓ７ 的外观很好看😀好像不太好，差不多吧\r\n续航不是很好看。',
  '好😀好，𠀀好差𠀀差！A6好a6差 好 差\t好',
  '不好不好不好，没有想象中好；不是不好用……外观不错!!!续航差?',
  '(好)「差」《很好看》“好用”——好-差_好.差%好#差&好+差',
  'https://t.cn/好 @星河汽车 好 #星河S7# 差',
  '',
  '好',
  '\n\n好\n差\n',
];

const posts = (seed: number, count: number) => [
  ...generateDemoPosts({ count, seed, now: Date.UTC(2026, 10, 1) }),
];

describe('the faster tagger', () => {
  const matcher = compileMatcher(demoRules);

  it('tags demo posts, labelled texts and edge cases as the tagger before it did', () => {
    const contents: TagContent[] = [
      ...[7, 42, 2026].flatMap((seed) => posts(seed, 2000)),
      ...LABELLED_TEXTS.map(({ text }) => ({ text })),
      ...EDGE_TEXTS.map((text) => ({ text })),
      ...EDGE_TEXTS.map((text) => ({ title: text, text: EDGE_TEXTS[0], body: text })),
    ];
    let tagged = 0;
    for (const content of contents) {
      const tags = tagText(matcher, content);
      expect(tags).toEqual(referenceTagText(matcher, content));
      expect(tagPost(matcher, content)).toEqual(referenceTagPost(matcher, content));
      if (tags.sentiments.length + tags.products.length > 0) tagged++;
    }
    expect(tagged).toBeGreaterThan(contents.length / 2);
  });

  it('tags in the import path, after the tokeniser cut the same post with the shared jieba, as alone', () => {
    for (const post of posts(11, 2000)) {
      postWords(`${post.title}\n${post.text || post.body}`);
      expect(storedTagsOf(post as Post, matcher)).toEqual(
        referenceStoredTags(matcher, post as Post),
      );
    }
  });

  it('tags random texts of rule words, short words and punctuation as the tagger before it did', () => {
    const pieces = [
      ...matcher.refs.keys(),
      ...'好差不没很像多用看的了，。！？、：；…“”（）\n\r\t 😀𠀀aA6Ｓ７-_.#%&+',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const content = { text: parts.join('') };
        expect(tagText(matcher, content)).toEqual(referenceTagText(matcher, content));
        expect(tagPost(matcher, content)).toEqual(referenceTagPost(matcher, content));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("word boundaries at the edges of jieba's runs", () => {
  // Dictionary words with digits and Latin letters in them (1号店, 4s店, 江南style), punctuation
  // jieba keeps in its runs (+#&._%-) and characters beyond the BMP.
  const shortWords = [
    '号',
    '店',
    '号店',
    '好',
    '用',
    '南',
    '店好',
    '江',
    '1号',
    's店',
    '.好',
    '好-',
  ];
  const matcher = compileMatcher(
    tagRules.parse({
      topics: [{ name: '店', path: '/话题/店', words: ['江南'] }],
      sentiments: shortWords.map((word, i) => ({ word, weight: i % 2 === 0 ? 2 : -1 })),
      negations: ['不'],
    }),
  );
  const pieces = [
    ...'1号店4s店好用江南style不',
    'S',
    '1号店',
    '4s店',
    '好用',
    ' ',
    '，',
    '.',
    '-',
    '_',
    '%',
    '#',
    '😀',
    '𠀀',
    '\n',
  ];

  it('keeps and drops short words as the tagger before it did', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const content = { text: parts.join('') };
        expect(tagText(matcher, content)).toEqual(referenceTagText(matcher, content));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('WordAutomaton', () => {
  const matchesOf = (automaton: WordAutomaton, text: string) => {
    const { count, begin, end, word } = automaton.match(text);
    return Array.from({ length: count }, (_, i) => ({
      begin: begin[i],
      end: end[i],
      keyword: automaton.words[word[i]!],
    }));
  };

  it("matches as @monyone/aho-corasick's greedy variant does", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.string({ unit: fc.constantFrom(...'abcd好差'), minLength: 1, maxLength: 5 }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        fc.string({ unit: fc.constantFrom(...'abcde好差'), maxLength: 60 }),
        (words, text) => {
          expect(matchesOf(new WordAutomaton(words), text)).toEqual(
            new AhoCorasick(words).matchInText(text),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('matches a large rule set (10,000 more products) on demo posts as the library does', () => {
    const large: TagRules = tagRules.parse({
      ...demoRules,
      products: [
        ...demoRules.products,
        ...Array.from({ length: 10_000 }, (_, i) => ({
          name: `${'极光银河启明北斗天际'[i % 10]}${'远航星辰云海青山'[i % 8]}${i}`,
          brand: demoRules.brands[0]!.name,
          aliases: [`款${i}`],
        })),
      ],
    });
    const words = [...compileMatcher(large).refs.keys()];
    const automaton = new WordAutomaton(words);
    const library = new AhoCorasick(words);
    for (const post of posts(5, 1000)) {
      const text = normalise(joinContent(post));
      expect(matchesOf(automaton, text)).toEqual(library.matchInText(text));
    }
  });
});
