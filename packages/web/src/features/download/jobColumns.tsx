import type { DownloadJob } from '@yuqing/core';
import { Button, Popconfirm, Progress, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { downloadJobFileUrl } from '../../api/downloadJobs';
import { formatBytes, formatTime, jobPercent } from './jobFormat';
import { JobStatusTag } from './JobStatusTag';

/** The job list's columns; `onRemove` deletes a job once the user confirms. */
export function jobColumns(
  onRemove: (job: DownloadJob) => void,
  timeZone: string,
): ColumnsType<DownloadJob> {
  return [
    { title: '文件名', dataIndex: 'name', key: 'name', width: 260, ellipsis: true },
    {
      title: '格式',
      key: 'format',
      width: 80,
      render: (_, job) => job.format.toUpperCase(),
    },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_, job) => <JobStatusTag job={job} />,
    },
    {
      title: '进度',
      key: 'progress',
      width: 180,
      render: (_, job) => (
        <Progress
          data-testid="job-progress"
          size="small"
          percent={jobPercent(job)}
          status={job.status === 'failed' ? 'exception' : undefined}
        />
      ),
    },
    {
      title: '条数',
      key: 'rows',
      width: 140,
      align: 'right',
      render: (_, job) => `${job.rows} / ${job.total}`,
    },
    {
      title: '大小',
      key: 'size',
      width: 100,
      align: 'right',
      render: (_, job) => formatBytes(job.size),
    },
    { title: '创建人', dataIndex: 'owner', key: 'owner', width: 120 },
    {
      title: '创建时间',
      key: 'created',
      width: 180,
      render: (_, job) => formatTime(job.created, timeZone),
    },
    {
      title: '过期时间',
      key: 'expires',
      width: 180,
      render: (_, job) => formatTime(job.expires, timeZone),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
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
              下载
            </Button>
          )}
          <Popconfirm
            title="确定删除该任务及其文件？"
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => onRemove(job)}
          >
            <Button type="link" size="small" danger data-testid="job-delete">
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
