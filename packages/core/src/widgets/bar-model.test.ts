import { describe, expect, it } from 'vitest';
import { compareModel, pivotModel, termsModel } from './bar-model.js';
import { valueLabels } from '../value-labels.js';
import { displayValue } from './display-value.js';

const labels = valueLabels(undefined);
const name = (value: string) => displayValue(labels, value);

describe('termsModel', () => {
  it('keeps the answer values for drill-down and labels paths by their last segment', () => {
    const model = termsModel(
      [
        { name: '/话题/新品', value: 5 },
        { name: 'Weibo', value: 2 },
      ],
      '声量',
      name,
    );
    expect(model.keys).toEqual(['/话题/新品', 'Weibo']);
    expect(model.labels).toEqual(['新品', '微博']);
    expect(model.series).toEqual([{ key: '声量', name: '声量', values: [5, 2] }]);
  });
});

describe('compareModel', () => {
  it('aligns both periods on the current categories, then the comparison-only ones', () => {
    const model = compareModel(
      [
        { name: 'Weibo', value: 10 },
        { name: 'WeChat', value: 4 },
      ],
      [
        { name: 'WeChat', value: 6 },
        { name: 'Douyin', value: 3 },
      ],
      name,
    );
    expect(model.keys).toEqual(['Weibo', 'WeChat', 'Douyin']);
    expect(model.series).toEqual([
      { key: '本期', name: '本期', values: [10, 4, 0] },
      { key: '对比期', name: '对比期', values: [0, 6, 3] },
    ]);
  });
});

describe('pivotModel', () => {
  it('makes a bar per row and a stacked series per column, largest first', () => {
    const model = pivotModel(
      [
        { row: 'A', col: '正面', value: 1 },
        { row: 'B', col: '正面', value: 4 },
        { row: 'B', col: '负面', value: 6 },
      ],
      name,
    );
    expect(model.keys).toEqual(['B', 'A']);
    expect(model.series).toEqual([
      { key: '负面', name: '负面', values: [6, 0] },
      { key: '正面', name: '正面', values: [4, 1] },
    ]);
  });
});
