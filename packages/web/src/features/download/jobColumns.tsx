import type { DownloadJob } from '@yuqing/core';
import { Button, Popconfirm, Progress, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { downloadJobFileUrl } from '../../api/downloadJobs';
import type { Translate } from '../../i18n/useT';
import { formatMinute } from '../../format/time';
import { formatBytes } from '../../format/bytes';
import { jobPercent } from './jobFormat';
import { JobStatusTag } from './JobStatusTag';
import styles from './DownloadPage.module.css';

/** The job list's columns; `onRemove` deletes a job once the user confirms. */
export function jobColumns(
  onRemove: (job: DownloadJob) => void,
  timeZone: string,
  t: Translate,
): ColumnsType<DownloadJob> {
  return [
    // Every column fits at 1280 px beside the fixed 操作; a long file name is cut, whole on hover.
    { title: t('文件名'), dataIndex: 'name', key: 'name', width: 200, ellipsis: true },
    {
      title: t('格式'),
      key: 'format',
      width: 64,
      render: (_, job) => job.format.toUpperCase(),
    },
    {
      title: t('状态'),
      key: 'status',
      width: 88,
      render: (_, job) => <JobStatusTag job={job} />,
    },
    {
      title: t('进度'),
      key: 'progress',
      width: 150,
      render: (_, job) => (
        <>
          <Progress
            data-testid="job-progress"
            size="small"
            percent={jobPercent(job)}
            status={job.status === 'failed' ? 'exception' : undefined}
          />
          <span className={styles.rows}>
            {t('{rows} / {total} 条', { rows: job.rows, total: job.total })}
          </span>
        </>
      ),
    },
    {
      title: t('大小'),
      key: 'size',
      width: 84,
      align: 'right',
      render: (_, job) => formatBytes(job.size),
    },
    { title: t('创建人'), dataIndex: 'owner', key: 'owner', width: 96, ellipsis: true },
    {
      title: t('创建时间'),
      key: 'created',
      width: 148,
      render: (_, job) => formatMinute(job.created, timeZone),
    },
    {
      title: t('过期时间'),
      key: 'expires',
      width: 148,
      render: (_, job) => formatMinute(job.expires, timeZone),
    },
    {
      title: t('操作'),
      key: 'actions',
      width: 116,
      // Narrow windows scroll the table; what can be done with a job stays in view.
      fixed: 'right',
      render: (_, job) => (
        <Space size={4}>
          {job.status === 'done' && (
            <Button
              type="link"
              size="small"
              href={downloadJobFileUrl(job.id)}
              download={job.name}
              data-testid="job-download"
            >
              {t('下载')}
            </Button>
          )}
          <Popconfirm
            title={t('确定删除该任务及其文件？')}
            okText={t('删除')}
            cancelText={t('取消')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onRemove(job)}
          >
            <Button type="link" size="small" danger data-testid="job-delete">
              {t('删除')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
