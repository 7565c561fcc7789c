import { queryState, type QueryState } from '@yuqing/core';

/** The URL parameter that carries the query state, so that a copied link opens the same view. */
export const QUERY_PARAM = 'query';

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/** The state as the URL keeps it: JSON without empty fields. */
export function encodeQuery(state: QueryState): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(state).filter(([, value]) => !isEmpty(value))),
  );
}

/**
 * The state a URL carries, if it is valid and the viewer had changed it; an untouched state
 * gives way to the defaults of the page being opened.
 */
export function decodeQuery(raw: string | null): QueryState | undefined {
  if (!raw) return undefined;
  try {
    const parsed = queryState.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.useModified ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
