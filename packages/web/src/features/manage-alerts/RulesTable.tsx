import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  ALERT_CHANNEL_LABELS,
  ALERT_RULE_RECENT_DAYS,
  DEFAULT_TIMEZONE,
  type AlertRuleChannelError,
  type ListedAlertRule,
} from '@yuqing/core';
import { Button, Empty, Popconfirm, Switch, Table, Tooltip } from 'antd';
import { AlertLevelTag } from '../../alert-display/AlertLevelTag';
import { formatTime } from '../../alert-display/alertTime';
import { useSession } from '../../session/session';
import { useT } from '../../i18n/useT';
import { conditionSummary, durationText, intervalText } from './ruleText';
import styles from './AlertRules.module.css';

interface RulesTableProps {
  rules: ListedAlertRule[] | undefined;
  /** Each rule's newest failing send, by rule id. */
  failures: Map<string, AlertRuleChannelError>;
  onEdit(rule: ListedAlertRule): void;
  onEnable(rule: ListedAlertRule, enabled: boolean): void;
  onDelete(rule: ListedAlertRule): void;
}

/** The project's rules: what each watches, how often, whether it is on, and what it did last. */
export function RulesTable({ rules, failures, onEdit, onEnable, onDelete }: RulesTableProps) {
  const t = useT();
  const timeZone = useSession().detail?.project.timezone ?? DEFAULT_TIMEZONE;
  return (
    <Table<ListedAlertRule>
      data-testid="alert-rules"
      rowKey="_id"
      size="middle"
      loading={rules === undefined}
      dataSource={rules ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(rule) => ({ 'data-testid': `alert-rule-${rule.name}` }) as object}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无数据')} />,
      }}
      columns={[
        {
          title: t('规则'),
          key: 'name',
          render: (_, rule) => {
            const failure = failures.get(rule._id);
            return (
              <div>
                <div>
                  <AlertLevelTag level={rule.level} />
                  <a className={styles.ruleName} onClick={() => onEdit(rule)}>
                    {rule.name}
                  </a>
                </div>
                {failure && (
                  <div className={styles.failing} data-testid="alert-rule-failing">
                    {t('{channel} 发送失败：{error}', {
                      channel: t.label(ALERT_CHANNEL_LABELS[failure.kind]),
                      error: failure.error,
                    })}
                  </div>
                )}
              </div>
            );
          },
        },
        {
          title: t('触发条件'),
          key: 'condition',
          render: (_, rule) => (
            <span className={styles.summary}>
              {conditionSummary(rule.condition, t)}
              {rule.query.q && (
                <div className={styles.hint}>{t('关键词：{q}', { q: rule.query.q })}</div>
              )}
            </span>
          ),
        },
        {
          title: t('检查频率'),
          key: 'schedule',
          render: (_, rule) => (
            <span>
              {intervalText(rule.interval_minutes, t)}
              <div className={styles.hint}>
                {t('{quiet}，{cooldown}', {
                  quiet: rule.quiet_hours
                    ? t('免打扰 {start}–{end}', {
                        start: rule.quiet_hours.start,
                        end: rule.quiet_hours.end,
                      })
                    : t('全天检查'),
                  cooldown:
                    rule.cooldown_minutes > 0
                      ? t('冷却 {duration}', { duration: durationText(rule.cooldown_minutes, t) })
                      : t('无冷却'),
                })}
              </div>
            </span>
          ),
        },
        {
          title: t('最近预警'),
          key: 'raised',
          render: (_, rule) =>
            rule.last_alert_at === null ? (
              <span className={styles.hint}>{t('暂无预警')}</span>
            ) : (
              <span data-testid="alert-rule-last-alert">
                {formatTime(rule.last_alert_at, timeZone)}
                <div className={styles.hint}>
                  {rule.recent_alerts > 0
                    ? t('近 {days} 天 {count} 条', {
                        days: ALERT_RULE_RECENT_DAYS,
                        count: rule.recent_alerts,
                      })
                    : t('近 {days} 天无预警', { days: ALERT_RULE_RECENT_DAYS })}
                </div>
              </span>
            ),
        },
        {
          title: t('启用'),
          key: 'enabled',
          render: (_, rule) => (
            <Switch
              checked={rule.enabled}
              data-testid="alert-rule-enabled"
              onChange={(enabled) => onEnable(rule, enabled)}
            />
          ),
        },
        {
          title: t('操作'),
          key: 'actions',
          render: (_, rule) => (
            <span>
              <Tooltip title={t('编辑')}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('编辑')}
                  onClick={() => onEdit(rule)}
                />
              </Tooltip>
              <Popconfirm
                title={t('删除规则「{name}」？', { name: rule.name })}
                description={t('规则及其通知渠道将一并删除')}
                okText={t('删除')}
                cancelText={t('取消')}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(rule)}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('删除')}
                  data-testid="alert-rule-delete"
                />
              </Popconfirm>
            </span>
          ),
        },
      ]}
    />
  );
}
