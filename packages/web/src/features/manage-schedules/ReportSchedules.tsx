import { DEFAULT_TIMEZONE, type Schedule } from '@yuqing/core';
import { Button, Table, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { subscribeToSchedule } from '../../api/schedules';
import { formatMinute } from '../../format/time';
import { failureMessage } from '../../forms/failureMessage';
import { useT } from '../../i18n/useT';
import { canManage } from '../../session/access';
import { useSession } from '../../session/session';
import { timingText } from './scheduleText';
import { SubscribeModal } from './SubscribeModal';
import { useSchedules } from './useSchedules';
import styles from './Schedules.module.css';

/**
 * The report list's section of the project's schedules: when each sends next, and the viewer's
 * own subscription; admins also see the subscriber counts and a way to #/manage/schedules.
 * Members see nothing while the project has no schedules.
 */
export function ReportSchedules({ className }: { className?: string }) {
  const t = useT();
  const session = useSession();
  const admin = canManage(session.user);
  const timeZone = session.detail?.project.timezone ?? DEFAULT_TIMEZONE;
  // Quiet: a failed read leaves the report list as it is, without this section.
  const { answer, reload } = useSchedules(true);
  const [subscribing, setSubscribing] = useState<Schedule>();
  const schedules = answer?.schedules;
  if (!admin && !schedules?.length) return null;

  async function unsubscribe(schedule: Schedule) {
    try {
      await subscribeToSchedule(schedule._id, null);
      void message.success(t('已取消订阅「{name}」', { name: schedule.name }));
    } catch (error) {
      void message.error(
        failureMessage(error, t('取消订阅失败'), (reason) =>
          t('取消订阅失败：{reason}', { reason }),
        ),
      );
    }
    reload();
  }

  const columns: ColumnsType<Schedule> = [
    { title: t('名称'), dataIndex: 'name', key: 'name' },
    { title: t('频率'), key: 'timing', render: (_, schedule) => timingText(schedule, t) },
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
    ...(admin
      ? [
          {
            title: t('订阅#人数'),
            key: 'subscribers',
            render: (_: unknown, schedule: Schedule) =>
              t('{count} 人', { count: schedule.subscribers.length }),
          },
        ]
      : []),
    {
      title: t('我的订阅'),
      key: 'mine',
      render: (_, schedule) =>
        schedule.subscribed_email === null ? (
          <Button
            type="link"
            size="small"
            data-testid="schedule-subscribe"
            onClick={() => setSubscribing(schedule)}
          >
            {t('订阅')}
          </Button>
        ) : (
          <span>
            <span className={styles.hint}>{schedule.subscribed_email}</span>
            <Button
              type="link"
              size="small"
              data-testid="schedule-unsubscribe"
              onClick={() => void unsubscribe(schedule)}
            >
              {t('取消订阅')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <section className={className} data-testid="report-schedules">
      <div className={styles.panelHead}>
        <h3 className={styles.panelTitle}>{t('manage.schedules')}</h3>
        {admin && (
          <Link to="/manage/schedules" data-testid="report-schedules-manage">
            {t('管理定时报告')}
          </Link>
        )}
      </div>
      <Table<Schedule>
        size="small"
        rowKey="_id"
        loading={schedules === undefined}
        dataSource={schedules ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(schedule) => ({ 'data-testid': `report-schedule-${schedule.name}` }) as object}
        locale={{ emptyText: t('暂无定时报告') }}
      />
      {subscribing && (
        <SubscribeModal
          schedule={subscribing}
          onClose={() => setSubscribing(undefined)}
          onSubscribed={() => {
            setSubscribing(undefined);
            reload();
          }}
        />
      )}
    </section>
  );
}
