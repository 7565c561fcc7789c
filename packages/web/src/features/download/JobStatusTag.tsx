import { DOWNLOAD_JOB_STATUS_LABELS, type DownloadJob, type DownloadJobStatus } from '@yuqing/core';
import { Tag, Tooltip } from 'antd';
import { useT } from '../../i18n/useT';

const COLORS: Record<DownloadJobStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** A job's status; a failed one tells why on hover. */
export function JobStatusTag({ job }: { job: DownloadJob }) {
  const t = useT();
  const tag = (
    <Tag color={COLORS[job.status]} data-testid="job-status">
      {t.label(DOWNLOAD_JOB_STATUS_LABELS[job.status])}
    </Tag>
  );
  return job.status === 'failed' && job.error ? (
    <Tooltip title={t.label(job.error)}>{tag}</Tooltip>
  ) : (
    tag
  );
}
