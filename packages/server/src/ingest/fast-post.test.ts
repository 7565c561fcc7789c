import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { post } from '@yuqing/core';
import { generateDemoPosts } from '../seed/demo/generate.js';
import { fastPost } from './fast-post.js';

const demo = [...generateDemoPosts({ count: 2000, seed: 7, now: Date.UTC(2026, 0, 1) })].map(
  (value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>,
);

/** Whatever fastPost accepts, the schema accepts with the same output. */
function agrees(row: Record<string, unknown>) {
  const fast = fastPost(row);
  if (fast === undefined) return;
  const parsed = post.safeParse(row);
  expect(parsed.success).toBe(true);
  expect(fast).toEqual(parsed.data);
}

const FIELDS = [
  '_id',
  'uri',
  'author',
  'created',
  'media',
  'media_type',
  'media_platform',
  'media_level',
  'account_type',
  'tendency',
  'province',
  'water_post',
  'retweeted',
  'summary',
  'title',
  'text',
  'body',
  'user',
  'imgs',
  'pic_urls',
  'retweeted_status',
  'rel',
  'rel_num',
  'product_mentions',
  'product_infos',
  'comment_infos',
  'kg_infos',
  'hash_tag',
  'location',
  'engagement_num',
  'like_num',
  'topic_paths',
  'brand_paths',
  'unknown_field',
];

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(undefined, null, '', 'A', 'YES', 'NO', '正面', 'PGC', '/a/b', '/a/', 'a', '12'),
  fc.constantFrom(0, -1, 1.5, 7, Number.MAX_SAFE_INTEGER + 2, Number.NaN),
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    [],
    ['/品牌/星河'],
    ['/品牌/'],
    ['x'],
    [1],
    [{ thumbnail_pic: 'p' }],
    [{ thumbnail_pic: 1 }],
    [[]],
    {},
    { screen_name: 'a', followers_count: 3 },
    { screen_name: 1 },
    { followers_count: -1 },
    { followers_count: '3' },
    { extra: [1, { a: 2 }] },
  ),
);

/** kg_infos as the tagger writes it, or not: each key right, wrong or missing. */
const kgInfosArb = fc.dictionary(
  fc.constantFrom('category_paths', 'brand_paths', 'topic_paths', 'emotion', 'main_topic', 'extra'),
  fc.constantFrom<unknown>(
    undefined,
    '',
    '正面',
    '负面',
    'positive',
    '续航',
    'x'.repeat(257),
    7,
    [],
    ['/品牌/星河', '/类目/SUV'],
    ['/品牌/'],
    ['x'],
    [1],
  ),
);

const changeArb = fc.oneof(
  fc.tuple(fc.constantFrom(...FIELDS), valueArb),
  fc.tuple(fc.constant('kg_infos'), kgInfosArb),
);

describe('fastPost', () => {
  it('accepts the demo posts, as the schema does', () => {
    for (const row of demo) {
      expect(fastPost(row)).toBeDefined();
      agrees(row);
    }
  });

  it('never accepts what the schema refuses, nor answers differently', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: demo.length - 1 }),
        fc.array(changeArb, { minLength: 1, maxLength: 4 }),
        (index, changes) => {
          const row: Record<string, unknown> = { ...demo[index]! };
          for (const [field, value] of changes) row[field] = value;
          agrees(row);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('checks kg_infos as the schema does, keeping what else it holds', () => {
    const kg = { brand_paths: ['/品牌/星河'], emotion: '正面', viewport_paths: ['/外观'] };
    expect(fastPost({ ...demo[0]!, kg_infos: kg })?.kg_infos).toEqual({
      category_paths: [],
      brand_paths: ['/品牌/星河'],
      topic_paths: [],
      emotion: '正面',
      main_topic: '',
      viewport_paths: ['/外观'],
    });
    expect(fastPost({ ...demo[0]!, kg_infos: { ...kg, emotion: 'positive' } })).toBeUndefined();
  });

  it('leaves numbers written as text to the schema', () => {
    expect(fastPost({ ...demo[0]!, like_num: '12' })).toBeUndefined();
    expect(post.parse({ ...demo[0]!, like_num: '12' }).like_num).toBe(12);
  });
});
