import { DEFAULT_TIMEZONE, type AlertMeasure, type TestAlertRuleAnswer } from '@yuqing/core';
import { Alert, Table } from 'antd';
import { formatRange } from '../../alerts/alertTime';
import { measureText } from '../../alerts/measureText';
import { useSession } from '../../../session/session';
import { RuleTestChart } from './RuleTestChart';

/** 测试规则's answer: how often the rule would have fired over the past 30 days, and when. */
export function RuleTestResult({
  answer,
  testedAt,
}: {
  answer: TestAlertRuleAnswer;
  testedAt: number;
}) {
  const timeZone = useSession().detail?.project.timezone ?? DEFAULT_TIMEZONE;
  const fired = answer.firings.length;
  return (
    <div data-testid="rule-test-result">
      <Alert
        showIcon
        type={fired > 0 ? 'warning' : 'success'}
        title={
          fired > 0
            ? `过去 30 天检查 ${answer.checked} 个窗口，${fired} 个窗口触发，合并为 ${answer.alerts} 条预警`
            : `过去 30 天检查 ${answer.checked} 个窗口，均未触发`
        }
      />
      {fired > 0 && <RuleTestChart firings={answer.firings} end={testedAt} timeZone={timeZone} />}
      {fired > 0 && (
        <Table<AlertMeasure>
          size="small"
          rowKey="window_start"
          style={{ marginTop: 12 }}
          dataSource={answer.firings}
          pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            {
              title: '触发窗口',
              key: 'window',
              render: (_, measure) =>
                formatRange(measure.window_start, measure.window_end, timeZone),
            },
            { title: '指标', key: 'value', render: (_, measure) => measureText(measure) },
            { title: '匹配条数', dataIndex: 'count', align: 'right' },
          ]}
        />
      )}
    </div>
  );
}
