import { topLevelFor, type AggregationRequest } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../../engine/types.js';

/** A field's top five; a path field counts at the level of the selected paths unless given. */
export async function top5(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_top5'>,
) {
  const { field } = request;
  const level = request.level ?? topLevelFor(request[field]);
  return {
    list: await engine.terms(scope, request, { field, size: 5, valueType: 'volume', level }),
  };
}

export async function terms(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_terms'>,
) {
  return {
    list: await engine.terms(scope, request, {
      field: request.field,
      size: request.size ?? 10,
      valueType: request.value_type,
      level: request.level,
    }),
  };
}

export async function allTopic(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_all_topic'>,
) {
  return {
    list: await engine.pathTree(scope, request, {
      field: request.field,
      size: request.topic_paths_size,
    }),
  };
}

export async function pivot(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_pivot'>,
) {
  return {
    list: await engine.pivot(scope, request, {
      rows: request.rows,
      cols: request.cols,
      valueType: request.value_type,
    }),
  };
}

export async function authors(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_authors'>,
) {
  return {
    list: await engine.authors(scope, request, { field: request.field, size: request.size ?? 10 }),
  };
}
