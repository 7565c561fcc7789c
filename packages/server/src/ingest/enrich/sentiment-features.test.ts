import { describe, expect, it } from 'vitest';
import { featureOf, featureText, sentimentFeatures } from './sentiment-features.js';

const ngrams = (text: string) => [...sentimentFeatures(text)].map(featureText);

describe('sentimentFeatures', () => {
  it('gives the distinct character bigrams and trigrams', () => {
    expect(ngrams('不太好')).toEqual(['不太', '太好', '不太好']);
    expect(ngrams('好好好')).toEqual(['好好', '好好好']);
  });

  it('does not join characters across punctuation, spaces, links or mentions', () => {
    expect(ngrams('很好，不错')).toEqual(['很好', '不错']);
    expect(ngrams('好 @某人 差 https://t.cn/x 啊')).toEqual([]);
  });

  it('reads letters lower-cased and in ASCII width, digits and other scripts too', () => {
    expect(ngrams('ＯＫ')).toEqual(['ok']);
    expect(ngrams('5星 très')).toEqual(['5星', 'tr', 'rè', 'trè', 'ès', 'rès']);
  });

  it('ends a run at characters beyond the BMP, such as emoji', () => {
    expect(ngrams('好😀好')).toEqual([]);
  });

  it('gives nothing for empty text', () => {
    expect(sentimentFeatures('').size).toBe(0);
  });
});

describe('featureOf', () => {
  it('is the inverse of featureText', () => {
    for (const ngram of ['好评', '不太好', 'ok', 'è好']) {
      expect(featureText(featureOf(ngram))).toBe(ngram);
    }
    expect(featureOf('不太')).not.toBe(featureOf('不太好'));
  });
});
