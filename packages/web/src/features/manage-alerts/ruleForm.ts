import {
  alertRuleInput,
  ruleCondition,
  type AlertRule,
  type AlertRuleInput,
  type ConditionKind,
  type RuleCondition,
} from '@yuqing/core';
import { zh, type ZhText } from '../../i18n/translateText';
import type { Translate } from '../../i18n/useT';
import { checkWithSchema, type FieldIssue, type IssuePath } from '../../forms/schemaIssues';

/**
 * The rule drawer's form: the rule's own fields, with quiet hours behind a switch (`quiet`).
 * Fields are named by their path in the rule, so a schema issue lands on its field.
 */
export interface RuleFormValues {
  name: string;
  level: AlertRuleInput['level'];
  enabled: boolean;
  interval_minutes: number;
  query: Pick<AlertRuleInput['query'], 'q' | 'filters'>;
  condition: Partial<RuleCondition> & { kind: ConditionKind };
  quiet: boolean;
  quiet_hours?: { start?: string; end?: string };
  cooldown_minutes: number;
}

/** Each kind's parameters as a new condition starts: the contract's defaults. */
export function conditionDefaults(kind: ConditionKind): RuleFormValues['condition'] {
  const parsed = ruleCondition.safeParse({ kind });
  if (parsed.success) return parsed.data;
  // Kinds whose threshold has no default start empty, for the admin to fill in.
  return { kind, window_minutes: 60, ...(kind === 'notable_post' && { media_levels: ['A'] }) };
}

export function newRuleValues(): RuleFormValues {
  return {
    name: '',
    level: 'warning',
    enabled: true,
    interval_minutes: 15,
    query: { q: '', filters: [] },
    condition: conditionDefaults('spike'),
    quiet: false,
    cooldown_minutes: 60,
  };
}

export function ruleValues(rule: AlertRule): RuleFormValues {
  return {
    name: rule.name,
    level: rule.level,
    enabled: rule.enabled,
    interval_minutes: rule.interval_minutes,
    query: { q: rule.query.q, filters: rule.query.filters },
    condition: rule.condition,
    quiet: rule.quiet_hours !== null,
    quiet_hours: rule.quiet_hours ?? undefined,
    cooldown_minutes: rule.cooldown_minutes,
  };
}

const LABELS: Record<string, ZhText> = {
  name: zh('规则名称'),
  level: zh('级别'),
  interval_minutes: zh('检查频率'),
  q: zh('关键词'),
  filters: zh('筛选条件'),
  window_minutes: zh('时间窗口'),
  threshold: zh('阈值'),
  baseline_days: zh('基线天数'),
  min_score: zh('最低得分'),
  min_count: zh('最少条数'),
  media_levels: zh('媒体级别'),
  min_followers: zh('粉丝数'),
  start: zh('开始时间'),
  end: zh('结束时间'),
  cooldown_minutes: zh('冷却时间'),
};

const labelOf = (path: IssuePath, t: Translate) =>
  t(LABELS[String(path.findLast((key) => typeof key === 'string'))] ?? zh('内容'));

/**
 * The form's values as a rule, checked by the contract the server checks with: the rule, or
 * each problem on the field it is about (its path in the form).
 */
export function checkRule(
  values: RuleFormValues,
  // `page` and the query's other fields are kept as the stored rule has them.
  stored: AlertRule | undefined,
  t: Translate,
): { ok: true; rule: AlertRuleInput } | { ok: false; issues: FieldIssue[] } {
  const draft = {
    name: values.name,
    level: values.level,
    enabled: values.enabled,
    interval_minutes: values.interval_minutes,
    page: stored?.page ?? '',
    query: { ...stored?.query, q: values.query.q ?? '', filters: values.query.filters ?? [] },
    condition: values.condition,
    quiet_hours: values.quiet ? (values.quiet_hours ?? {}) : null,
    cooldown_minutes: values.cooldown_minutes,
  };
  const checked = checkWithSchema(alertRuleInput, draft, (path) => labelOf(path, t), t);
  return checked.ok ? { ok: true, rule: checked.data } : checked;
}
