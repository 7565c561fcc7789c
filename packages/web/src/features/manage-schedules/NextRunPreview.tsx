import { useState } from 'react';
import { formatMinute } from '../../format/time';
import { useT } from '../../i18n/useT';
import { previewNextRun, type ScheduleFormValues } from './scheduleForm';
import styles from './Schedules.module.css';

interface NextRunPreviewProps {
  values: Partial<ScheduleFormValues> | undefined;
  timeZone: string;
}

/** When the schedule as edited sends next, in the project's zone; nothing while its time is wrong. */
export function NextRunPreview({ values, timeZone }: NextRunPreviewProps) {
  const t = useT();
  // The drawer's opening stands for now: a preview need not move while it is open.
  const [now] = useState(Date.now);
  if (values?.enabled === false)
    return <div className={styles.hint}>{t('已停用，不会定时发送')}</div>;
  const next = values && previewNextRun(values, now, timeZone);
  if (next === undefined) return null;
  return (
    <div className={styles.hint} data-testid="schedule-next-preview">
      {t('下次发送：{time}（{zone}）', { time: formatMinute(next, timeZone), zone: timeZone })}
    </div>
  );
}
