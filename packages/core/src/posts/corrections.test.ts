import { describe, expect, it } from 'vitest';
import { post } from './post.js';
import {
  SENTIMENT_EVAL_LISTED_WRONG,
  correctionMarksOf,
  sentimentEvaluationOf,
  type SentimentEvalRow,
} from './corrections.js';

const row = (
  label: SentimentEvalRow['label'],
  predicted: SentimentEvalRow['predicted'],
  line = 2,
) => ({ line, text: 't', label, predicted }) satisfies SentimentEvalRow;

describe('sentimentEvaluationOf', () => {
  it('counts accuracy, the mean recall of 正面 and 负面 (中性 answers wrong) and the share called 中性', () => {
    const result = sentimentEvaluationOf('upload', [
      row('正面', '正面'),
      row('正面', '中性'),
      row('负面', '负面'),
      row('负面', '负面'),
      row('负面', '正面'),
      row('中性', '中性'),
      row('中性', '负面'),
    ]);
    expect(result.total).toBe(7);
    expect(result.correct).toBe(4);
    expect(result.accuracy).toBeCloseTo(4 / 7);
    expect(result.recall).toEqual({ 正面: 0.5, 中性: 0.5, 负面: 2 / 3 });
    expect(result.balancedAccuracy).toBeCloseTo((0.5 + 2 / 3) / 2);
    expect(result.neutralShare).toBeCloseTo(2 / 7);
    expect(result.confusion['负面']).toEqual({ 正面: 1, 中性: 0, 负面: 2 });
    expect(result.wrongTotal).toBe(3);
    expect(result.wrong.map((wrong) => [wrong.label, wrong.predicted])).toEqual([
      ['正面', '中性'],
      ['负面', '正面'],
      ['中性', '负面'],
    ]);
  });

  it('answers null where nothing is labelled, and lists a bounded number of wrong rows', () => {
    expect(sentimentEvaluationOf('corrections', [])).toMatchObject({
      total: 0,
      accuracy: null,
      balancedAccuracy: null,
      neutralShare: null,
    });
    const onlyNegative = sentimentEvaluationOf('upload', [row('负面', '中性')]);
    expect(onlyNegative.balancedAccuracy).toBe(0);
    expect(onlyNegative.recall['正面']).toBeNull();
    const many = Array.from({ length: SENTIMENT_EVAL_LISTED_WRONG + 5 }, (_, i) =>
      row('正面', '负面', i + 2),
    );
    const result = sentimentEvaluationOf('upload', many);
    expect(result.wrong).toHaveLength(SENTIMENT_EVAL_LISTED_WRONG);
    expect(result.wrongTotal).toBe(SENTIMENT_EVAL_LISTED_WRONG + 5);
  });
});

describe('correctionMarksOf', () => {
  it('reads what the server set, and nothing an import could bring', () => {
    const imported = post.parse({
      _id: 'a',
      created: 0,
      corrected: { sentiment: { by: 'x', at: 'y' } },
    });
    expect(correctionMarksOf(imported)).toBeUndefined();
    const listed = {
      ...imported,
      corrected: { duplicate: { by: '张三', at: '2024-05-01T00:00:00Z' } },
    };
    expect(correctionMarksOf(listed)).toEqual({
      duplicate: { by: '张三', at: '2024-05-01T00:00:00Z' },
    });
    expect(
      correctionMarksOf({ ...imported, corrected: { sentiment: 'x' } } as never),
    ).toBeUndefined();
  });
});
