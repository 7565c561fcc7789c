import { describe, expect, it } from 'vitest';
import {
  FIXTURE_CONTEXT,
  FIXTURE_QUERY,
  WIDGET_FIXTURES,
  type FixtureAnswer,
} from '../../testing/widget-fixtures.js';
import { searchAnswerOf } from '../posts/answers.js';
import { loadWidgetData, widgetHasData } from './catalog.js';
import type { SearchBody } from './types.js';
import { WIDGET_TYPES } from './widget-types.js';

/**
 * Answers each search with the next answer, which must be of the search's aggregation; each is
 * checked and shaped by its aggregation's schema, as POST /search does.
 */
function answering(answers: readonly FixtureAnswer[]) {
  const left = [...answers];
  const search = async (body: SearchBody) => {
    const next = left.shift();
    if (next?.aggs !== body.aggs) throw new Error(`${body.aggs} asked, ${next?.aggs} answered`);
    return searchAnswerOf(body.aggs, next.answer);
  };
  return { search, left };
}

describe('the widget fixtures', () => {
  it('fix every widget type with data', () => {
    expect(Object.keys(WIDGET_FIXTURES).sort()).toEqual(WIDGET_TYPES.filter(widgetHasData).sort());
  });

  it.each(Object.values(WIDGET_FIXTURES))(
    '$chart.type: the data is what the catalog makes of the answers',
    async ({ chart, answers, data }) => {
      const { search, left } = answering(answers);
      expect(await loadWidgetData(chart, FIXTURE_QUERY, FIXTURE_CONTEXT, search)).toEqual(data);
      expect(left).toEqual([]);
    },
  );
});
