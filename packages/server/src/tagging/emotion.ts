import type { Emotion } from '@yuqing/core';

/** The feeling a score says: 正面 above zero, 负面 below, 中性 at zero. */
export function emotionOf(score: number): Emotion {
  if (score > 0) return '正面';
  if (score < 0) return '负面';
  return '中性';
}
