import { SCHEDULE_RUN_STATUS_LABELS, type ScheduleRun } from '@yuqing/core';
import { Tag, Tooltip } from 'antd';
import { useT } from '../../i18n/useT';

const COLORS: Record<ScheduleRun['status'], string> = {
  running: 'processing',
  sent: 'success',
  failed: 'error',
};

/** A run's status; a failed one gives its error on hover. */
export function RunStatusTag({ run }: { run: Pick<ScheduleRun, 'status' | 'error'> }) {
  const t = useT();
  const tag = (
    <Tag color={COLORS[run.status]} data-testid="schedule-run-status">
      {t.label(SCHEDULE_RUN_STATUS_LABELS[run.status])}
    </Tag>
  );
  return run.status === 'failed' && run.error ? <Tooltip title={run.error}>{tag}</Tooltip> : tag;
}
