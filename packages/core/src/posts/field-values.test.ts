import { describe, expect, it } from 'vitest';
import { pathValues, termValue, withPathAncestors } from './field-values.js';
import { post } from './post.js';

const base = post.parse({ _id: 'a', created: 0, author: '张三', topic_paths: ['/话题/续航'] });
const tagged = post.parse({
  ...base,
  kg_infos: { brand_paths: ['/品牌/星河/S7'], emotion: '正面', viewport_paths: ['/外观'] },
});

/** A copy to change: withPathAncestors changes the post it is given. */
const copy = (value: typeof base) => post.parse(JSON.parse(JSON.stringify(value)));

describe("a post's field values", () => {
  it("reads the post's own fields and kg_infos' by their dotted names", () => {
    expect(termValue(tagged, 'author')).toBe('张三');
    expect(termValue(tagged, 'kg_infos.emotion')).toBe('正面');
    expect(termValue(tagged, 'kg_infos.main_topic')).toBe('');
    expect(pathValues(tagged, 'topic_paths')).toEqual(['/话题/续航']);
    expect(pathValues(tagged, 'kg_infos.brand_paths')).toEqual(['/品牌/星河/S7']);
    expect(pathValues(tagged, 'kg_infos.topic_paths')).toEqual([]);
  });

  it("answers kg_infos' fields empty for a post without it", () => {
    expect(termValue(base, 'kg_infos.emotion')).toBe('');
    expect(pathValues(base, 'kg_infos.category_paths')).toEqual([]);
  });

  it("adds ancestors to every path list, kg_infos' too, keeping its other keys", () => {
    const stored = withPathAncestors(copy(tagged));
    expect(stored.topic_paths).toEqual(['/话题', '/话题/续航']);
    expect(stored.kg_infos).toMatchObject({
      brand_paths: ['/品牌', '/品牌/星河', '/品牌/星河/S7'],
      viewport_paths: ['/外观'],
    });
    expect(withPathAncestors(copy(base))).not.toHaveProperty('kg_infos');
  });
});
