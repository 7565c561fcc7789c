import type { Schedule, ScheduleRun } from '@yuqing/core';
import { Alert, Drawer, Empty, Table, Tooltip } from 'antd';
import { Link } from 'react-router';
import { formatBytes } from '../../format/bytes';
import { formatMinute } from '../../format/time';
import { useT } from '../../i18n/useT';
import { RunStatusTag } from './RunStatusTag';
import { FORMAT_LABELS, periodText } from './scheduleText';
import { useScheduleRuns } from './useScheduleRuns';
import styles from './Schedules.module.css';

interface ScheduleRunsDrawerProps {
  schedule: Schedule;
  timeZone: string;
  onClose(): void;
}

/** 发送记录: a schedule's runs, newest first, read again while one is sending. */
export function ScheduleRunsDrawer({ schedule, timeZone, onClose }: ScheduleRunsDrawerProps) {
  const t = useT();
  const { runs, failed } = useScheduleRuns(schedule._id);
  return (
    <Drawer
      open
      size={960}
      title={t('发送记录 · {name}', { name: schedule.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="schedule-runs"
    >
      {failed && (
        <Alert type="error" showIcon title={t('发送记录加载失败')} className={styles.gapBelow} />
      )}
      <Table<ScheduleRun>
        rowKey="id"
        size="small"
        loading={runs === undefined && !failed}
        dataSource={runs ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        onRow={(run) => ({ 'data-testid': `schedule-run-${run.id}` }) as object}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无发送记录')} />,
        }}
        columns={[
          {
            title: t('周期'),
            key: 'period',
            render: (_, run) => periodText(run.period, timeZone),
          },
          {
            title: t('方式'),
            key: 'manual',
            render: (_, run) => (run.manual ? t('立即发送') : t('定时')),
          },
          { title: t('状态'), key: 'status', render: (_, run) => <RunStatusTag run={run} /> },
          {
            title: t('文件'),
            key: 'files',
            render: (_, run) => (
              <div className={styles.lines}>
                {run.files.map((file) => (
                  <Tooltip key={file.name} title={file.name}>
                    <span>
                      {FORMAT_LABELS[file.format]}{' '}
                      <span className={styles.hint}>{formatBytes(file.size)}</span>
                    </span>
                  </Tooltip>
                ))}
              </div>
            ),
          },
          {
            title: t('接收方'),
            key: 'recipients',
            render: (_, run) => (
              <div className={styles.lines}>
                {run.recipients.map((recipient) => (
                  <Tooltip key={recipient.name} title={recipient.error}>
                    <span
                      className={recipient.ok ? styles.ok : styles.failed}
                      data-testid="schedule-run-recipient"
                    >
                      {recipient.ok ? '✓' : '✗'} {recipient.name}
                    </span>
                  </Tooltip>
                ))}
              </div>
            ),
          },
          {
            title: t('报告'),
            key: 'report',
            render: (_, run) =>
              run.report_id ? (
                <Link to={`/report?id=${encodeURIComponent(run.report_id)}`}>{t('查看报告')}</Link>
              ) : (
                '—'
              ),
          },
          {
            title: t('时间'),
            key: 'created',
            render: (_, run) => formatMinute(run.created_at, timeZone),
          },
        ]}
      />
    </Drawer>
  );
}
