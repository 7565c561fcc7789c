import type { AlertMeasure, ConditionKind } from '@yuqing/core';
import { currentT, type Translate } from '../i18n/useT';

export const percentText = (share: number) => `${(share * 100).toFixed(1)}%`;
export const roundText = (value: number) => String(Math.round(value * 10) / 10);

/** New terms as a line shows them: the first 8, then how many more. */
function termsText(terms: readonly string[], t: Translate): string {
  const shown = terms.slice(0, 8).join(t('、'));
  return terms.length > 8 ? t('{shown} 等 {count} 个', { shown, count: terms.length }) : shown;
}

/**
 * A fired window's numbers in the words of its rule's condition kind: a count against its
 * threshold, a spike against its baseline's median and its score, a share in percent, the
 * notable posts, or the new terms. Screens pass the viewer's `t` (useT).
 */
export function measureText(
  measure: AlertMeasure,
  kind: ConditionKind,
  t: Translate = currentT(),
): string {
  const { value, threshold, baseline } = measure;
  switch (kind) {
    case 'volume':
      return t('声量 {value} 条（阈值 {threshold} 条）', {
        value: roundText(value),
        threshold: roundText(threshold),
      });
    case 'spike':
      return baseline
        ? t('{value} 条，基线中位数 {median} 条，得分 {score}（阈值 {threshold}）', {
            value: roundText(value),
            median: roundText(baseline.median),
            score: roundText(baseline.score),
            threshold: roundText(threshold),
          })
        : t('{value} 条', { value: roundText(value) });
    case 'negative_share':
      return t('负面占比 {share}（阈值 {threshold}）', {
        share: percentText(value),
        threshold: percentText(threshold),
      });
    case 'notable_post':
      return t('重要媒体或大V发文 {count} 篇', { count: roundText(value) });
    case 'new_term':
      return measure.terms.length > 0
        ? t('新出现 {count} 个：{terms}', {
            count: measure.terms.length,
            terms: termsText(measure.terms, t),
          })
        : t('新出现 {count} 个', { count: roundText(value) });
  }
}
