import {
  ALERT_TEST_MAX_WINDOWS,
  DEFAULT_TIMEZONE,
  type AlertMeasure,
  type AlertRuleInput,
  type TestAlertRuleAnswer,
} from '@yuqing/core';
import { Alert, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { formatRange } from '../../alert-display/alertTime';
import { measureText } from '../../alert-display/measureText';
import { useSession } from '../../session/session';
import { currentT, type Translate } from '../../i18n/useT';
import { RuleTestChart } from './RuleTestChart';
import { durationText, intervalText } from './ruleText';

/** The summary line: windows checked, fired, the alerts they make, and those quiet hours kept. */
export function testSummary(answer: TestAlertRuleAnswer, t: Translate = currentT()): string {
  const fired = answer.firings.length;
  const quiet = answer.windows.filter((window) => window.outcome === 'quiet').length;
  const quietText = quiet > 0 ? t('；另有 {quiet} 个窗口在免打扰时段触发，不预警', { quiet }) : '';
  return fired > 0
    ? t('过去 30 天检查 {checked} 个窗口，{fired} 个窗口触发，合并为 {alerts} 条预警{quiet}', {
        checked: answer.checked,
        fired,
        alerts: answer.alerts,
        quiet: quietText,
      })
    : t('过去 30 天检查 {checked} 个窗口，均未产生预警{quiet}', {
        checked: answer.checked,
        quiet: quietText,
      });
}

/** How the test spaced its windows, when not as the rule is checked. */
export function spacingText(
  answer: TestAlertRuleAnswer,
  rule: AlertRuleInput,
  t: Translate = currentT(),
): string | undefined {
  if (answer.step_minutes <= rule.interval_minutes) return undefined;
  const checked = t('规则{interval}检查一次', { interval: intervalText(rule.interval_minutes, t) });
  const window = durationText(rule.condition.window_minutes, t);
  return answer.step_minutes === rule.condition.window_minutes
    ? t('{checked}；测试将 {window}窗口首尾相接，逐个检查过去 30 天', { checked, window })
    : t('{checked}；测试最多检查 {max} 个窗口，{step}取一个 {window}窗口', {
        checked,
        max: ALERT_TEST_MAX_WINDOWS,
        step: intervalText(answer.step_minutes, t),
        window,
      });
}

/** 测试规则's answer: the rule's past 30 days as a chart, and the windows that fired. */
export function RuleTestResult({
  answer,
  rule,
  t,
}: {
  answer: TestAlertRuleAnswer;
  /** The rule as it was tested. */
  rule: AlertRuleInput;
  /**
   * The viewer's translation (the drawer's useT): passed in, so that this module, whose texts
   * are tested in Node, does not load the locale store, which needs a browser.
   */
  t: Translate;
}) {
  const timeZone = useSession().detail?.project.timezone ?? DEFAULT_TIMEZONE;
  const fired = answer.firings.length;
  const outcomes = useMemo(
    () => new Map(answer.windows.map((window) => [window.window_end, window.outcome])),
    [answer],
  );
  const spacing = spacingText(answer, rule, t);
  return (
    <div data-testid="rule-test-result">
      <Alert
        showIcon
        type={fired > 0 ? 'warning' : 'success'}
        title={testSummary(answer, t)}
        description={spacing}
      />
      {answer.windows.length > 0 && (
        <RuleTestChart answer={answer} rule={rule} timeZone={timeZone} t={t} />
      )}
      {fired > 0 && (
        <Table<AlertMeasure>
          size="small"
          rowKey="window_start"
          style={{ marginTop: 12 }}
          dataSource={answer.firings}
          pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            {
              title: t('触发窗口'),
              key: 'window',
              render: (_, measure) =>
                formatRange(measure.window_start, measure.window_end, timeZone),
            },
            {
              title: t('指标'),
              key: 'value',
              render: (_, measure) => measureText(measure, rule.condition.kind, t),
            },
            { title: t('匹配条数'), dataIndex: 'count', align: 'right' },
            {
              title: t('结果'),
              key: 'outcome',
              render: (_, measure) =>
                outcomes.get(measure.window_end) === 'updated' ? (
                  <Tag>{t('更新预警')}</Tag>
                ) : (
                  <Tag color="red">{t('新预警')}</Tag>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
