import { PlusOutlined } from '@ant-design/icons';
import { SCHEDULE_FREQUENCY_LABELS, type Schedule } from '@yuqing/core';
import { Button, Empty, Popconfirm, Switch, Table } from 'antd';
import { formatMinute } from '../../format/time';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { RunStatusTag } from './RunStatusTag';
import { FORMAT_LABELS, pageLabel, rangeText, timingText } from './scheduleText';
import styles from './Schedules.module.css';

interface SchedulesTableProps {
  schedules: Schedule[] | undefined;
  timeZone: string;
  onNew(): void;
  onEdit(schedule: Schedule): void;
  onEnable(schedule: Schedule, enabled: boolean): void;
  onSendNow(schedule: Schedule): void;
  onHistory(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
}

/** The project's schedules: what each sends, when, to how many, and how the last run went. */
export function SchedulesTable({ schedules, timeZone, ...on }: SchedulesTableProps) {
  const t = useT();
  const menus = useSession().detail?.project.menus ?? [];
  return (
    <Table<Schedule>
      data-testid="schedules"
      rowKey="_id"
      size="middle"
      loading={schedules === undefined}
      dataSource={schedules ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(schedule) => ({ 'data-testid': `schedule-${schedule.name}` }) as object}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无定时报告')}>
            <Button type="primary" icon={<PlusOutlined />} onClick={on.onNew}>
              {t('新建定时报告')}
            </Button>
          </Empty>
        ),
      }}
      columns={[
        {
          title: t('名称'),
          key: 'name',
          render: (_, schedule) => <a onClick={() => on.onEdit(schedule)}>{schedule.name}</a>,
        },
        {
          title: t('频率'),
          key: 'frequency',
          render: (_, schedule) => (
            <span>
              {t.label(SCHEDULE_FREQUENCY_LABELS[schedule.frequency])}
              <div className={styles.hint}>{timingText(schedule, t)}</div>
            </span>
          ),
        },
        { title: t('范围'), key: 'range', render: (_, schedule) => rangeText(schedule, t) },
        {
          title: t('页面'),
          key: 'page',
          render: (_, schedule) => pageLabel(menus, schedule.page, t),
        },
        {
          title: t('文件'),
          key: 'formats',
          render: (_, schedule) =>
            schedule.formats.map((format) => FORMAT_LABELS[format]).join(' / '),
        },
        { title: t('渠道'), key: 'channels', render: (_, schedule) => schedule.channel_ids.length },
        {
          title: t('订阅#人数'),
          key: 'subscribers',
          render: (_, schedule) => schedule.subscribers.length,
        },
        {
          title: t('下次发送'),
          key: 'next',
          render: (_, schedule) =>
            schedule.next_run_at === null ? (
              <span className={styles.hint}>{t('已停用')}</span>
            ) : (
              formatMinute(schedule.next_run_at, timeZone)
            ),
        },
        {
          title: t('最近一次'),
          key: 'last',
          render: (_, { last_run: run }) =>
            run ? (
              <span className={run.status === 'failed' ? styles.failed : undefined}>
                <RunStatusTag run={run} />
                {formatMinute(run.created_at, timeZone)}
              </span>
            ) : (
              <span className={styles.hint}>{t('尚未发送')}</span>
            ),
        },
        {
          title: t('启用'),
          key: 'enabled',
          render: (_, schedule) => (
            <Switch
              checked={schedule.enabled}
              data-testid="schedule-enabled-switch"
              onChange={(enabled) => on.onEnable(schedule, enabled)}
            />
          ),
        },
        {
          title: t('操作'),
          key: 'actions',
          render: (_, schedule) => (
            <span>
              <Button type="link" size="small" onClick={() => on.onEdit(schedule)}>
                {t('编辑')}
              </Button>
              <Button
                type="link"
                size="small"
                data-testid="schedule-send"
                onClick={() => on.onSendNow(schedule)}
              >
                {t('立即发送')}
              </Button>
              <Button
                type="link"
                size="small"
                data-testid="schedule-history"
                onClick={() => on.onHistory(schedule)}
              >
                {t('历史')}
              </Button>
              <Popconfirm
                title={t('删除定时报告「{name}」？', { name: schedule.name })}
                description={t('删除后不再定时发送')}
                okText={t('删除')}
                cancelText={t('取消')}
                okButtonProps={{ danger: true }}
                onConfirm={() => on.onDelete(schedule)}
              >
                <Button type="link" size="small" danger data-testid="schedule-delete">
                  {t('删除')}
                </Button>
              </Popconfirm>
            </span>
          ),
        },
      ]}
    />
  );
}
