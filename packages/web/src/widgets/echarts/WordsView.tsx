import type { WordsAnswer } from '@yuqing/core';
import type { ECElementEvent } from 'echarts/core';
import 'echarts-wordcloud';
import { useMemo } from 'react';
import type { WidgetViewProps } from '../types';
import { EChart } from './EChart';
import { wordsOption } from './words.option';

/** A word cloud; a click on a word searches for it (sets the keyword). */
export default function WordsView({ data, colors, onKeyword }: WidgetViewProps<WordsAnswer>) {
  const option = useMemo(() => wordsOption(data.list, colors.palette), [data, colors]);
  const onClick = (event: ECElementEvent) => {
    if (event.name) onKeyword?.(event.name);
  };
  return <EChart kind="words" option={option} onClick={onClick} />;
}
