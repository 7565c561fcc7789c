// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { widgetColors } from '@yuqing/core';
import { FIXTURE_CONTEXT, FIXTURE_QUERY, WIDGET_FIXTURES } from '@yuqing/core/testing';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { installChartCanvas, textsDrawnIn } from '../testing/chartCanvas';
import { widgetDefinition } from './registry';

installChartCanvas({ width: 600, height: 360 });
afterEach(cleanup);

const noop = () => {};

describe('every widget view draws its fixture', () => {
  it.each(Object.values(WIDGET_FIXTURES))(
    '$chart.type: not empty, and shows what the data holds',
    async ({ chart, data, shows }) => {
      const { isEmpty, View } = widgetDefinition(chart.type);
      expect(isEmpty?.(data)).toBe(false);
      const { container } = render(
        <Suspense fallback={null}>
          <View
            chart={chart}
            data={data}
            colors={widgetColors(undefined, chart.theme)}
            valueType={chart.options.valueTypes?.[0] ?? 'volume'}
            interval={chart.options.intervals?.[0] ?? 'auto'}
            timeZone={FIXTURE_CONTEXT.timeZone}
            query={FIXTURE_QUERY}
            onDrill={noop}
            onRange={noop}
            onKeyword={noop}
          />
        </Suspense>,
      );
      // The view loads lazily; a chart's texts are on its canvas (a word cloud's once laid out).
      await waitFor(
        () => {
          const shown = `${container.textContent} ${textsDrawnIn(container).join(' ')}`;
          for (const text of shows) expect(shown).toContain(text);
        },
        { timeout: 10_000 },
      );
    },
  );
});
