import { FIELD_LABELS, type FilterChip } from '@yuqing/core';

/** The longest value text a chip shows; the whole text is in its tooltip. */
export const CHIP_TEXT_MAX = 30;

/** A chip's text: the field's Chinese label and its values, cut with an ellipsis. */
export function chipText(chip: FilterChip): { short: string; full: string } {
  const full = `${FIELD_LABELS[chip.field]}: ${chip.value.join('、')}`;
  const short = full.length > CHIP_TEXT_MAX ? `${full.slice(0, CHIP_TEXT_MAX)}…` : full;
  return { short, full };
}

/** The chip actions of spec 4, with their spec names (kept as aria labels) and Chinese text. */
export function excludeAction(chip: FilterChip) {
  return chip.exclude
    ? { name: 'include result', text: '包含结果' }
    : { name: 'exclude result', text: '排除结果' };
}

export function ignoreAction(chip: FilterChip) {
  return chip.ignore
    ? { name: 're-enable', text: '重新启用' }
    : { name: 'temporarily disable', text: '暂时停用' };
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
