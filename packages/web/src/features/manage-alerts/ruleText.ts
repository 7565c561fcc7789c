import { CONDITION_KIND_LABELS, type RuleCondition } from '@yuqing/core';
import type { Translate } from '../../i18n/useT';

/** 30 分钟, 2 小时, 1 天. */
export function durationText(minutes: number, t: Translate): string {
  if (minutes === 1440) return t('1 天');
  if (minutes % 1440 === 0) return t('{count} 天', { count: minutes / 1440 });
  if (minutes === 60) return t('1 小时');
  if (minutes % 60 === 0) return t('{count} 小时', { count: minutes / 60 });
  return t('{count} 分钟', { count: minutes });
}

/** How often a rule is checked: 每 5 分钟, 每小时, 每天. */
export function intervalText(minutes: number, t: Translate): string {
  if (minutes === 60) return t('每小时');
  if (minutes === 1440) return t('每天');
  return t('每 {duration}', { duration: durationText(minutes, t) });
}

/** 1.5万, 120万: follower counts as people read them. */
function countText(count: number, t: Translate): string {
  return count >= 10_000 ? t('{count}万', { count: count / 10_000 }) : String(count);
}

/** One line saying when a rule fires, for the rule list. */
export function conditionSummary(condition: RuleCondition, t: Translate): string {
  const window = durationText(condition.window_minutes, t);
  switch (condition.kind) {
    case 'volume':
      return t('{window}内声量超过 {threshold} 条', { window, threshold: condition.threshold });
    case 'spike': {
      const values = {
        window,
        days: condition.baseline_days,
        score: condition.min_score,
        count: condition.min_count,
      };
      return condition.measure === 'negative'
        ? t(
            '负面声量突增：{window}窗口对比近 {days} 天同时段，得分 ≥ {score} 且至少 {count} 条',
            values,
          )
        : t(
            '声量突增：{window}窗口对比近 {days} 天同时段，得分 ≥ {score} 且至少 {count} 条',
            values,
          );
    }
    case 'negative_share':
      return t('{window}内负面占比超过 {percent}%（至少 {count} 条）', {
        window,
        percent: Math.round(condition.threshold * 100),
        count: condition.min_count,
      });
    case 'notable_post': {
      const who = [
        condition.media_levels.length > 0
          ? t('{levels} 级媒体', { levels: condition.media_levels.join(t('、')) })
          : '',
        condition.min_followers
          ? t('粉丝超过 {count} 的作者', { count: countText(condition.min_followers, t) })
          : '',
      ].filter(Boolean);
      const anyone =
        who.length === 2
          ? t('{first}或{second}', { first: who[0]!, second: who[1]! })
          : who.join('');
      return t('{window}内有{who}发文', { window, who: anyone });
    }
    case 'new_term': {
      const values = { window, days: condition.baseline_days, count: condition.min_count };
      return condition.source === 'topics'
        ? t('{window}内出现近 {days} 天未见的话题（至少 {count} 条）', values)
        : t('{window}内出现近 {days} 天未见的新词（至少 {count} 条）', values);
    }
  }
}

/** The condition kinds for a select, named in the current language. */
export const conditionKindOptions = (t: Translate) =>
  Object.entries(CONDITION_KIND_LABELS).map(([value, label]) => ({
    value: value as RuleCondition['kind'],
    label: t.label(label),
  }));
