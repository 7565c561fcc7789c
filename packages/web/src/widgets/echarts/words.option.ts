import { formatNumber, type NameValue } from '@yuqing/core';
import { FONT_FAMILY } from './common';
import { tooltipHtml } from './tooltip';

/** Font sizes of the smallest and the largest word, in px. */
export const WORD_SIZES: [number, number] = [12, 44];

/**
 * A word cloud (echarts-wordcloud): size by value, upright words (easier to read in Chinese),
 * colours from the palette in order of weight.
 */
export function wordsOption(list: readonly NameValue[], palette: readonly string[]) {
  return {
    tooltip: {
      confine: true,
      formatter: ({ name, value }: { name: string; value: number }) =>
        tooltipHtml({ title: name, lines: [formatNumber(value)] }),
    },
    series: [
      {
        type: 'wordCloud',
        shape: 'circle',
        left: 'center',
        top: 'center',
        width: '96%',
        height: '96%',
        sizeRange: WORD_SIZES,
        rotationRange: [0, 0],
        gridSize: 8,
        drawOutOfBound: false,
        shrinkToFit: true,
        layoutAnimation: true,
        textStyle: { fontFamily: FONT_FAMILY, fontWeight: 'bold' },
        emphasis: { focus: 'self', textStyle: { textShadowBlur: 4, textShadowColor: '#999' } },
        data: list.map((item, index) => ({
          name: item.name,
          value: item.value,
          textStyle: { color: palette[index % palette.length] },
        })),
      },
    ],
  };
}
