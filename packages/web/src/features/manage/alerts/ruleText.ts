import { CONDITION_KIND_LABELS, type RuleCondition } from '@yuqing/core';

/** 30 分钟, 2 小时, 1 天. */
export function durationText(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} 天`;
  if (minutes % 60 === 0) return `${minutes / 60} 小时`;
  return `${minutes} 分钟`;
}

/** How often a rule is checked: 每 5 分钟, 每小时, 每天. */
export function intervalText(minutes: number): string {
  if (minutes === 60) return '每小时';
  if (minutes === 1440) return '每天';
  return `每 ${durationText(minutes)}`;
}

/** 1.5万, 120万: follower counts as people read them. */
function countText(count: number): string {
  return count >= 10_000 ? `${count / 10_000}万` : String(count);
}

/** One line saying when a rule fires, for the rule list. */
export function conditionSummary(condition: RuleCondition): string {
  const window = durationText(condition.window_minutes);
  switch (condition.kind) {
    case 'volume':
      return `${window}内声量超过 ${condition.threshold} 条`;
    case 'spike':
      return `${condition.measure === 'negative' ? '负面声量' : '声量'}突增：${window}窗口对比近 ${condition.baseline_days} 天同时段，得分 ≥ ${condition.min_score} 且至少 ${condition.min_count} 条`;
    case 'negative_share':
      return `${window}内负面占比超过 ${Math.round(condition.threshold * 100)}%（至少 ${condition.min_count} 条）`;
    case 'notable_post': {
      const who = [
        condition.media_levels.length > 0 ? `${condition.media_levels.join('、')} 级媒体` : '',
        condition.min_followers ? `粉丝超过 ${countText(condition.min_followers)} 的作者` : '',
      ].filter(Boolean);
      return `${window}内有${who.join('或')}发文`;
    }
    case 'new_term':
      return `${window}内出现近 ${condition.baseline_days} 天未见的${condition.source === 'topics' ? '话题' : '新词'}（至少 ${condition.min_count} 条）`;
  }
}

export const conditionKindOptions = Object.entries(CONDITION_KIND_LABELS).map(([value, label]) => ({
  value: value as RuleCondition['kind'],
  label,
}));
