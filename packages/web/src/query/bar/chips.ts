import { FIELD_LABELS, PATH_FIELDS, type FilterChip, type FilterField } from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';
import { displayNameIn } from '../../format/displayName';

/** The longest value text a chip shows; the whole text is in its tooltip. */
export const CHIP_TEXT_MAX = 30;

/** Fields whose values are codes or paths, shown by their names; other values show as they are. */
const NAMED_FIELDS: ReadonlySet<FilterField> = new Set([
  'media_platform',
  'media_type',
  ...PATH_FIELDS,
]);

/**
 * A chip's text: the field's label and its values (codes by their names), cut with an
 * ellipsis. The chip itself keeps the codes.
 */
export function chipText(
  chip: FilterChip,
  t: Translate = currentT(),
): { short: string; full: string } {
  const named = NAMED_FIELDS.has(chip.field);
  const displayName = displayNameIn(t);
  const values = chip.value.map((value) => (named ? displayName(value) : t.label(value)));
  const separator = t('、');
  const full = `${t.label(FIELD_LABELS[chip.field])}: ${values.join(separator)}`;
  const short = full.length > CHIP_TEXT_MAX ? `${full.slice(0, CHIP_TEXT_MAX)}…` : full;
  return { short, full };
}

/** The chip actions of spec 4 as message keys: a button text and its tooltip. */
export function excludeAction(chip: FilterChip) {
  return chip.exclude
    ? ({ text: 'chip.include', tip: 'chip.include.tip' } as const)
    : ({ text: 'chip.exclude', tip: 'chip.exclude.tip' } as const);
}

export function ignoreAction(chip: FilterChip) {
  return chip.ignore
    ? ({ text: 'chip.enable', tip: 'chip.enable.tip' } as const)
    : ({ text: 'chip.disable', tip: 'chip.disable.tip' } as const);
}

/** `color` at `alpha` (0 … 1) as 8-digit hex; the chip highlight is the primary at 40%. */
export function withAlpha(color: string, alpha: number): string {
  let hex = color.replace('#', '');
  if (hex.length === 3 || hex.length === 4) hex = [...hex].map((digit) => digit + digit).join('');
  const rgb = hex.slice(0, 6);
  const a = Math.round(Math.min(Math.max(alpha, 0), 1) * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${rgb}${a}`;
}
