import type { AlertMeasure } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { measureText } from './measureText';

const measure = (fields: Partial<AlertMeasure>): AlertMeasure => ({
  window_start: 0,
  window_end: 3_600_000,
  value: 0,
  threshold: 0,
  count: 0,
  baseline: null,
  terms: [],
  ...fields,
});

describe('measureText', () => {
  it('words each condition kind’s numbers as what they are', () => {
    expect(measureText(measure({ value: 120, threshold: 100, count: 120 }), 'volume')).toBe(
      '声量 120 条（阈值 100 条）',
    );
    expect(
      measureText(
        measure({ value: 48, threshold: 3.5, baseline: { median: 3, mad: 1, score: 30.34 } }),
        'spike',
      ),
    ).toBe('48 条，基线中位数 3 条，得分 30.3（阈值 3.5）');
    expect(measureText(measure({ value: 0.452, threshold: 0.3 }), 'negative_share')).toBe(
      '负面占比 45.2%（阈值 30.0%）',
    );
    // Notable posts and new terms fire on any one: their threshold (0) is not told.
    expect(measureText(measure({ value: 2, count: 40 }), 'notable_post')).toBe(
      '重要媒体或大V发文 2 篇',
    );
    expect(measureText(measure({ value: 2, terms: ['召回', '安全隐患'] }), 'new_term')).toBe(
      '新出现 2 个：召回、安全隐患',
    );
  });

  it('does not take a threshold below 1 for a share', () => {
    // Guessed from the numbers, a notable-post alert (threshold 0) read 负面占比 200.0%.
    const notable = measure({ value: 2, threshold: 0, count: 2 });
    expect(measureText(notable, 'notable_post')).not.toContain('占比');
    expect(measureText(measure({ value: 3, threshold: 0 }), 'new_term')).toBe('新出现 3 个');
  });

  it('shortens a long list of new terms', () => {
    const terms = Array.from({ length: 11 }, (_, i) => `词${i + 1}`);
    expect(measureText(measure({ value: 11, terms }), 'new_term')).toBe(
      '新出现 11 个：词1、词2、词3、词4、词5、词6、词7、词8 等 11 个',
    );
  });
});
