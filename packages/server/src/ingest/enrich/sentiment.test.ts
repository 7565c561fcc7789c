import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSentimentModel } from './sentiment.js';

/** Held-out texts of the training split, written by scripts/train-sentiment.ts. */
const heldOut = JSON.parse(
  readFileSync(new URL('./sentiment-heldout-sample.json', import.meta.url), 'utf8'),
) as { text: string; label: '正面' | '负面' }[];

describe('loadSentimentModel', () => {
  it('loads the model once per process', async () => {
    expect(await loadSentimentModel()).toBe(await loadSentimentModel());
  });

  it('separates held-out reviews it never trained on', async () => {
    const model = await loadSentimentModel();
    const right = heldOut.filter(
      ({ text, label }) => (model.score(text) >= 0.5 ? '正面' : '负面') === label,
    );
    expect(heldOut).toHaveLength(300);
    expect(right.length / heldOut.length).toBeGreaterThan(0.78);
  });

  it('is right about most held-out reviews it does not call 中性', async () => {
    const model = await loadSentimentModel();
    const called = heldOut
      .map(({ text, label }) => ({ label, said: model.classify(text) }))
      .filter(({ said }) => said !== '中性');
    const right = called.filter(({ label, said }) => label === said);
    expect(called.length / heldOut.length).toBeGreaterThan(0.6);
    expect(right.length / called.length).toBeGreaterThan(0.82);
  });

  it.each([
    ['质量很好，非常满意，推荐购买！', '正面'],
    ['服务热情周到，房间干净，下次还会再来', '正面'],
    ['太差了，非常失望，再也不买了', '负面'],
    ['客服态度恶劣，退货也不给退，垃圾', '负面'],
  ])('calls %s %s', async (text, expected) => {
    const model = await loadSentimentModel();
    expect(model.classify(text)).toBe(expected);
  });

  it('scores text without words 0.5 and calls it 中性', async () => {
    const model = await loadSentimentModel();
    for (const text of ['', '   ', '！！！']) {
      expect(model.score(text)).toBe(0.5);
      expect(model.classify(text)).toBe('中性');
    }
  });

  it('scores between 0 and 1, higher for more positive text', async () => {
    const model = await loadSentimentModel();
    const good = model.score('很好');
    const bad = model.score('很差');
    expect(bad).toBeGreaterThanOrEqual(0);
    expect(good).toBeLessThanOrEqual(1);
    expect(good).toBeGreaterThan(bad);
  });
});
