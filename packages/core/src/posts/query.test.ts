import { describe, expect, it } from 'vitest';
import {
  EARLIEST_QUERY_TIME,
  QUERY_LIMITS,
  latestQueryTime,
  postQuery,
  searchBodyFor,
  searchRequest,
} from './query.js';

const YEAR = 365.25 * 86_400_000;

/** The fields the first issue of a failed parse names, as the server's 400 writes them. */
function refusedAt(schema: typeof postQuery | typeof searchRequest, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(input).slice(0, 200)}`);
  const [issue] = result.error.issues;
  return { field: issue!.path.join('.'), message: issue!.message };
}

const list = (length: number, prefix = 'v') => Array.from({ length }, (_, i) => `${prefix}${i}`);

describe('query time bounds', () => {
  it('takes instants from 1990 to ten years ahead', () => {
    const now = Date.now();
    expect(postQuery.parse({ start: EARLIEST_QUERY_TIME, end: now + 9 * YEAR })).toMatchObject({
      start: EARLIEST_QUERY_TIME,
    });
  });

  it.each([
    ['the largest Date', { end: 8_640_000_000_000_000 }, 'end'],
    ['a hundred years ahead', { end: Date.now() + 100 * YEAR }, 'end'],
    ['eleven years ahead', { start: Date.now() + 11 * YEAR }, 'start'],
    ['before 1990', { start: EARLIEST_QUERY_TIME - 1 }, 'start'],
    ['zero', { start: 0 }, 'start'],
  ])('refuses %s naming the field', (_name, input, field) => {
    const refused = refusedAt(postQuery, input);
    expect(refused.field).toBe(field);
    expect(refused.message).toMatch(/^时间超出范围/);
  });

  it('refuses a time that is not a number in Chinese', () => {
    expect(refusedAt(searchRequest, { end: 'now+100y' })).toEqual({
      field: 'end',
      message: '须为毫秒时间戳',
    });
  });

  it('moves the upper bound with the clock', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(latestQueryTime(now)).toBe(now + 10 * YEAR);
  });
});

describe('filter value limits', () => {
  it('takes a field at its limit', () => {
    const parsed = postQuery.parse({ topic_paths: list(QUERY_LIMITS.fieldValues) });
    expect(parsed.topic_paths).toHaveLength(QUERY_LIMITS.fieldValues);
  });

  it('refuses one value too many on a direct field and on a chip', () => {
    const many = list(QUERY_LIMITS.fieldValues + 1);
    expect(refusedAt(postQuery, { topic_paths: many }).field).toBe('topic_paths');
    const chips = [
      { field: 'author', value: ['a'] },
      { field: 'media', value: many },
    ];
    expect(refusedAt(searchRequest, { filters: chips }).field).toBe('filters.1.value');
  });

  it('refuses 60,000 values before trimming them', () => {
    expect(refusedAt(searchRequest, { topic_paths: list(60_000, '') }).field).toBe('topic_paths');
  });

  it('refuses a value that is too long', () => {
    const long = 'x'.repeat(QUERY_LIMITS.valueLength + 1);
    expect(refusedAt(postQuery, { author: long }).field).toBe('author');
    expect(refusedAt(postQuery, { author: ['a', long] }).field).toBe('author.1');
  });

  it('refuses values past the total, naming the field where the total is passed', () => {
    const perField = QUERY_LIMITS.fieldValues;
    const full = {
      topic_paths: list(perField),
      brand_paths: list(perField),
      author: list(perField),
    };
    const atTotal = { ...full, media: list(perField), tag_paths: list(perField) };
    expect(postQuery.safeParse(atTotal).success).toBe(true);

    const refused = refusedAt(postQuery, { ...atTotal, filters: [{ field: 'media', value: 'x' }] });
    expect(refused).toEqual({
      field: 'filters.0.value',
      message: `筛选取值总数过多（所有字段合计最多 ${QUERY_LIMITS.totalValues} 个）`,
    });
    // Fields count in FILTER_FIELDS order: kg_infos.topic_paths is the last of them.
    expect(refusedAt(postQuery, { ...atTotal, 'kg_infos.topic_paths': 'x' }).field).toBe(
      'kg_infos.topic_paths',
    );
  });

  it('refuses more than 50 chips', () => {
    const chips = Array.from({ length: 51 }, () => ({ field: 'author', value: 'a' }));
    expect(refusedAt(postQuery, { filters: chips }).field).toBe('filters');
  });
});

describe('keyword limits', () => {
  it('refuses an expression the parser refuses, with its message', () => {
    const refused = refusedAt(searchRequest, { q: 'a '.repeat(101) });
    expect(refused.field).toBe('q');
    expect(refused.message).toMatch(/超出关键词数量上限/);
    expect(refusedAt(searchRequest, { q: 'x'.repeat(2001) }).message).toMatch(/超出长度上限/);
    expect(refusedAt(searchRequest, { q: '(a' }).message).toMatch(/缺少右括号/);
  });

  it('takes a valid expression', () => {
    expect(searchRequest.parse({ q: '续航 | (充电 -title:广告)' }).q?.text).toBe(
      '续航 | (充电 -title:广告)',
    );
  });
});

describe('paging depth', () => {
  it('takes pages up to the result window', () => {
    const lastPage = QUERY_LIMITS.resultWindow / 100 - 1;
    expect(searchRequest.parse({ page: lastPage, size: 100 })).toMatchObject({ page: lastPage });
    expect(searchRequest.parse({ page: QUERY_LIMITS.resultWindow / 20 - 1 })).toMatchObject({
      page: 499,
    });
  });

  it('refuses a page past it, naming page', () => {
    const refused = refusedAt(searchRequest, { page: QUERY_LIMITS.resultWindow / 100, size: 100 });
    expect(refused.field).toBe('page');
    expect(refused.message).toMatch(/^页码过大/);
    expect(refusedAt(searchRequest, { page: 500 }).field).toBe('page');
  });
});

describe('one aggregation, its own options', () => {
  it('refuses an option the aggregation does not take, naming it', () => {
    const refused = searchRequest.safeParse({ aggs: 'common_statistics', field: 'media' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['field'] });
  });

  it('requires what an aggregation needs and defaults the rest', () => {
    expect(searchRequest.safeParse({ aggs: 'common_terms' }).success).toBe(false);
    expect(searchRequest.parse({ aggs: 'common_terms', field: 'media' })).toMatchObject({
      value_type: 'volume',
    });
    expect(searchRequest.parse({})).toMatchObject({ aggs: 'common_articles_page', page: 0 });
  });

  it('keeps only the options of its aggregation in a body a client builds', () => {
    expect(
      searchBodyFor({
        aggs: 'common_pivot',
        rows: 'media',
        cols: 'tendency',
        interval: 'day',
        q: 'a',
      }),
    ).toEqual({ aggs: 'common_pivot', rows: 'media', cols: 'tendency', q: 'a' });
  });
});
