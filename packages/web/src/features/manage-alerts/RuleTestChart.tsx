import type { AlertRuleInput, TestAlertRuleAnswer } from '@yuqing/core';
import { LineChart, ScatterChart } from 'echarts/charts';
import { use as install } from 'echarts/core';
import { useMemo } from 'react';
import { EChart } from '../../widgets/echarts/EChart';
import type { Translate } from '../../i18n/useT';
import { ruleTestOption } from './ruleTestChart';

install([LineChart, ScatterChart]);

interface RuleTestChartProps {
  answer: TestAlertRuleAnswer;
  rule: AlertRuleInput;
  timeZone: string;
  /** The viewer's translation, from the drawer (see RuleTestResult). */
  t: Translate;
}

/**
 * The past 30 days of the rule as tested: each checked window's value as a line against the line
 * it had to pass (and a spike's baseline), with a mark where it fired.
 */
export function RuleTestChart({ answer, rule, timeZone, t }: RuleTestChartProps) {
  const option = useMemo(
    () => ruleTestOption(answer, rule, timeZone, t),
    [answer, rule, timeZone, t],
  );
  return (
    <div style={{ height: 240, marginTop: 12 }} data-testid="rule-test-chart">
      <EChart option={option} kind="alert-rule-test" />
    </div>
  );
}
