import { beforeAll, describe, expect, it } from 'vitest';
import { createEnricher, type Enricher, type EnrichInput } from './enrich.js';
import { simhash } from './simhash.js';

const none = { discardWords: new Set<string>() };
const post = (fields: Partial<EnrichInput>): EnrichInput => ({
  title: '',
  text: '',
  body: '',
  ...fields,
});

let enricher: Enricher;
beforeAll(async () => {
  enricher = await createEnricher();
});

describe('createEnricher', () => {
  it('classifies the tendency when none is given', () => {
    const praise = post({ title: '好评', text: '质量很好，非常满意，推荐购买！' });
    const complaint = post({ text: '太差了，非常失望，再也不买了' });
    expect(enricher.enrich(praise, none).tendency).toBe('正面');
    expect(enricher.enrich(complaint, none).tendency).toBe('负面');
    expect(enricher.enrich(post({}), none).tendency).toBe('中性');
  });

  it('keeps a valid given tendency and replaces an invalid one', () => {
    const text = '质量很好，非常满意，推荐购买！';
    expect(enricher.enrich(post({ text, tendency: '负面' }), none).tendency).toBe('负面');
    expect(enricher.enrich(post({ text, tendency: 'positive' }), none).tendency).toBe('正面');
  });

  it('keeps a given province, in its map name, and otherwise reads the location', () => {
    const located = (province: string | undefined, location: string | undefined) =>
      enricher.enrich(post({ text: '你好', province, location }), none).province;
    expect(located('浙江', '广东 深圳')).toBe('浙江');
    expect(located('广东省', undefined)).toBe('广东');
    expect(located(undefined, '广东 深圳')).toBe('广东');
    expect(located('火星', '成都')).toBe('四川');
    expect(located(undefined, '海外 美国')).toBe('');
    expect(located(undefined, undefined)).toBe('');
  });

  it('takes tokens and SimHash from title and text, dropping discard words', () => {
    const input = post({ title: '暴雨预警', text: '转发微博 北京发布暴雨预警', body: '不读正文' });
    const enriched = enricher.enrich(input, { discardWords: new Set(['转发微博']) });
    expect(enriched.tokens).toEqual(['暴雨', '预警', '北京', '发布', '暴雨', '预警']);
    expect(enriched.simhash).toBe(simhash('暴雨预警\n转发微博 北京发布暴雨预警'));
  });

  it('reads the body when there is no text', () => {
    const enriched = enricher.enrich(post({ title: '通知', body: '明天全市停水' }), none);
    expect(enriched.tokens).toEqual(['通知', '明天', '全市', '停水']);
    expect(enriched.simhash).toBe(simhash('通知\n明天全市停水'));
  });
});
