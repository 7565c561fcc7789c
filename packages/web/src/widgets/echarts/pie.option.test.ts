import { describe, expect, it } from 'vitest';
import { widgetColors } from '@yuqing/core';
import { pieOption } from './pie.option';
import { drawnTexts } from './render.testing';

const sentiments = [
  { name: '正面', value: 5_927 },
  { name: '中性', value: 2_100 },
  { name: '负面', value: 1_973 },
];

describe('pieOption', () => {
  it.each([
    [180, 300],
    [260, 300],
    [340, 260],
    [420, 330],
  ])('labels every slice in full in a %i × %i widget', (width, height) => {
    const option = pieOption(sentiments, {
      colors: widgetColors(undefined),
      format: 'percent',
      showLegend: true,
      seriesName: '情感分布',
    });
    const drawn = drawnTexts(option, width, height);
    const outside = drawn.filter((text) => text.left < 0 || text.right > width);
    expect(outside.map((text) => text.text)).toEqual([]);
    const texts = drawn.map((text) => text.text);
    expect(texts.filter((text) => text.includes('…') || text.includes('...'))).toEqual([]);
    for (const share of ['59.3%', '21%', '19.7%']) expect(texts).toContain(share);
  });

  it('wraps its legend under the donut instead of paging it', () => {
    const eight = ['news', 'microblog', 'wechat', 'forum', 'video', 'short_video', 'note', 'qa'];
    const option = pieOption(
      eight.map((name, i) => ({ name, value: 10 - i })),
      { colors: widgetColors(undefined), format: undefined, showLegend: true, seriesName: '声量' },
    );
    expect(option.legend).toMatchObject({ show: true, type: 'plain', bottom: 0 });
  });
});
