import type { FilterField, OptionDefinition, QueryState } from '@yuqing/core';
import { sameValues } from './selection';

/** The popover's lists while it is open: one per option definition's field. */
export type PopoverDraft = Partial<Record<FilterField, string[]>>;

/** The query's selections of the popover's fields. */
export function draftOf(definitions: readonly OptionDefinition[], query: QueryState): PopoverDraft {
  return Object.fromEntries(
    definitions.map((definition) => [definition.field, [...(query[definition.field] ?? [])]]),
  );
}

/** Reset (spec 4): every list of the popover emptied. */
export function clearedDraft(definitions: readonly OptionDefinition[]): PopoverDraft {
  return Object.fromEntries(definitions.map((definition) => [definition.field, []]));
}

/** Whether applying `draft` would change the query. */
export function draftChanged(
  definitions: readonly OptionDefinition[],
  draft: PopoverDraft,
  query: QueryState,
): boolean {
  return definitions.some(
    (definition) => !sameValues(draft[definition.field], query[definition.field]),
  );
}

/** What `setFields` receives: every popover field, an empty list as undefined. */
export function draftFields(
  definitions: readonly OptionDefinition[],
  draft: PopoverDraft,
): Partial<Record<FilterField, string[] | undefined>> {
  return Object.fromEntries(
    definitions.map((definition) => {
      const values = draft[definition.field] ?? [];
      return [definition.field, values.length > 0 ? values : undefined];
    }),
  );
}

/** The badge: how many values the popover's fields have selected in the query. */
export function activeCount(definitions: readonly OptionDefinition[], query: QueryState): number {
  return definitions.reduce(
    (count, definition) => count + (query[definition.field]?.length ?? 0),
    0,
  );
}
