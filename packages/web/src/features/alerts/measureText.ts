import type { AlertMeasure } from '@yuqing/core';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const round = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A fired window's numbers against what they had to pass: a spike's value against its
 * baseline's median and its score, a share in percent, a count against its threshold.
 */
export function measureText(measure: AlertMeasure): string {
  const { value, threshold, baseline } = measure;
  if (baseline) {
    return `${round(value)} 条，基线中位数 ${round(baseline.median)} 条，得分 ${round(baseline.score)}（阈值 ${round(threshold)}）`;
  }
  // Only a share's threshold lies below 1; counts' thresholds are whole numbers from 1.
  if (threshold < 1) return `负面占比 ${percent(value)}（阈值 ${percent(threshold)}）`;
  const terms = measure.terms.length > 0 ? `：${measure.terms.slice(0, 8).join('、')}` : '';
  return `${round(value)} 条（阈值 ${round(threshold)} 条）${terms}`;
}
