import type { AlertMeasure, ConditionKind } from '@yuqing/core';

export const percentText = (share: number) => `${(share * 100).toFixed(1)}%`;
export const roundText = (value: number) => String(Math.round(value * 10) / 10);

/** New terms as a line shows them: the first 8, then how many more. */
function termsText(terms: readonly string[]): string {
  const shown = terms.slice(0, 8).join('、');
  return terms.length > 8 ? `${shown} 等 ${terms.length} 个` : shown;
}

/**
 * A fired window's numbers in the words of its rule's condition kind: a count against its
 * threshold, a spike against its baseline's median and its score, a share in percent, the
 * notable posts, or the new terms.
 */
export function measureText(measure: AlertMeasure, kind: ConditionKind): string {
  const { value, threshold, baseline } = measure;
  switch (kind) {
    case 'volume':
      return `声量 ${roundText(value)} 条（阈值 ${roundText(threshold)} 条）`;
    case 'spike':
      return baseline
        ? `${roundText(value)} 条，基线中位数 ${roundText(baseline.median)} 条，得分 ${roundText(baseline.score)}（阈值 ${roundText(threshold)}）`
        : `${roundText(value)} 条`;
    case 'negative_share':
      return `负面占比 ${percentText(value)}（阈值 ${percentText(threshold)}）`;
    case 'notable_post':
      return `重要媒体或大V发文 ${roundText(value)} 篇`;
    case 'new_term':
      return measure.terms.length > 0
        ? `新出现 ${measure.terms.length} 个：${termsText(measure.terms)}`
        : `新出现 ${roundText(value)} 个`;
  }
}
