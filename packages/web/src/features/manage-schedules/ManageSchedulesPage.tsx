import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_TIMEZONE, type Schedule } from '@yuqing/core';
import { Button, message } from 'antd';
import { useState } from 'react';
import { deleteSchedule, saveSchedule, sendScheduleNow } from '../../api/schedules';
import { saveFailedMessage } from '../../forms/failureMessage';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { inputOf } from './scheduleForm';
import { ScheduleDrawer } from './ScheduleDrawer';
import { ScheduleRunsDrawer } from './ScheduleRunsDrawer';
import { SchedulesTable } from './SchedulesTable';
import { useSchedules } from './useSchedules';
import styles from './Schedules.module.css';

/** What a drawer shows: the editor of a new or stored schedule, or a schedule's history. */
type Opened = { editing: Schedule | undefined } | { history: Schedule };

/** 定时报告 (#/manage/schedules): reports a page sends on its own, for project admins. */
export function ManageSchedulesPage() {
  const t = useT();
  const timeZone = useSession().detail?.project.timezone ?? DEFAULT_TIMEZONE;
  const { answer, reload } = useSchedules();
  const [opened, setOpened] = useState<Opened>();
  const close = () => setOpened(undefined);

  async function enable(schedule: Schedule, enabled: boolean) {
    try {
      await saveSchedule({ ...inputOf(schedule), enabled }, schedule._id);
      void message.success(
        enabled
          ? t('已启用「{name}」', { name: schedule.name })
          : t('已停用「{name}」', { name: schedule.name }),
      );
    } catch (error) {
      void message.error(saveFailedMessage(error, t));
    }
    reload();
  }

  async function sendNow(schedule: Schedule) {
    try {
      await sendScheduleNow(schedule._id);
    } catch {
      // The API client has said why.
      return;
    }
    void message.success(t('已开始发送'));
    setOpened({ history: schedule });
    reload();
  }

  async function remove(schedule: Schedule) {
    try {
      await deleteSchedule(schedule._id);
      void message.success(t('删除成功'));
    } catch {
      // The API client has said why.
    }
    reload();
  }

  return (
    <div className={styles.page} data-testid="manage-schedules">
      <section className={styles.panel}>
        <div className={styles.panelHead}>
          <div>
            <h2 className={styles.panelTitle}>{t('manage.schedules')}</h2>
            <div className={styles.hint}>
              {t('按设定的时间生成页面的报告，导出为文件，发送到所选的通知渠道和订阅成员的邮箱')}
            </div>
          </div>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="schedule-new"
            onClick={() => setOpened({ editing: undefined })}
          >
            {t('新建定时报告')}
          </Button>
        </div>
        <SchedulesTable
          schedules={answer?.schedules}
          timeZone={timeZone}
          onNew={() => setOpened({ editing: undefined })}
          onEdit={(schedule) => setOpened({ editing: schedule })}
          onEnable={(schedule, enabled) => void enable(schedule, enabled)}
          onSendNow={(schedule) => void sendNow(schedule)}
          onHistory={(schedule) => setOpened({ history: schedule })}
          onDelete={(schedule) => void remove(schedule)}
        />
      </section>
      {opened && 'editing' in opened && (
        <ScheduleDrawer
          schedule={opened.editing}
          channels={answer?.channels ?? []}
          timeZone={timeZone}
          onClose={close}
          onSaved={() => {
            close();
            reload();
          }}
        />
      )}
      {opened && 'history' in opened && (
        <ScheduleRunsDrawer schedule={opened.history} timeZone={timeZone} onClose={close} />
      )}
    </div>
  );
}
