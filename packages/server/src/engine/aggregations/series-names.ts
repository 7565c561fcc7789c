import type { FilterField, PostQuery } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../types.js';

/**
 * The values a trend draws as series (SEMANTICS.md): the series field's top `seriesSize` values by
 * volume (at `seriesLevel` of a path field) over the same matches, default 5.
 */
export async function seriesNames(
  engine: Pick<PostsEngine, 'terms'>,
  scope: EngineScope,
  query: PostQuery,
  options: { series: FilterField; seriesSize?: number; seriesLevel?: number },
): Promise<string[]> {
  const terms = await engine.terms(scope, query, {
    field: options.series,
    size: options.seriesSize ?? 5,
    valueType: 'volume',
    level: options.seriesLevel ?? 0,
  });
  return terms.map((entry) => entry.name);
}
