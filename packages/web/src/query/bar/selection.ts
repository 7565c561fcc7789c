/** Rules of the query bar's selections (spec 4 and 5), kept apart from the antd controls. */
import { currentT, type Translate } from '../../i18n/useT';

/** The same values, in any order; no list and an empty list are the same. */
export function sameValues(
  a: readonly string[] | undefined,
  b: readonly string[] | undefined,
): boolean {
  const left = new Set(a ?? []);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((value) => right.has(value));
}

/** A multi-select keeps at most `max` values (spec 5): the first ones, in picking order. */
export function limitValues(
  values: readonly string[],
  max: number | undefined,
): { values: string[]; truncated: boolean } {
  if (max === undefined || values.length <= max) return { values: [...values], truncated: false };
  return { values: values.slice(0, max), truncated: true };
}

/** The info shown when a selection is cut to its maximum (spec 5). */
export const maxSelectionMessage = (max: number, t: Translate = currentT()) =>
  t('最多支持选择{max}项', { max });

/** What a selection sends: an empty selection is sent as undefined (spec 4). */
export const committedValues = (values: readonly string[]): string[] | undefined =>
  values.length > 0 ? [...values] : undefined;
