import type { ReportSummary } from '@yuqing/core';
import { Button, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { formatTime } from '../download/jobFormat';

/**
 * The report list's columns, times in `timeZone`; `onRemove` deletes a report once the user
 * confirms.
 */
export function reportColumns(
  timeZone: string,
  onRemove: (report: ReportSummary) => void,
): ColumnsType<ReportSummary> {
  return [
    {
      title: '标题',
      key: 'title',
      ellipsis: true,
      render: (_, report) => (
        <Link to={`/report?id=${encodeURIComponent(report.id)}`} data-testid="report-link">
          {report.title}
        </Link>
      ),
    },
    { title: '描述', dataIndex: 'desc', key: 'desc', ellipsis: true },
    { title: '创建人', dataIndex: 'author', key: 'author', width: 120 },
    {
      title: '状态',
      key: 'published',
      width: 90,
      render: (_, report) =>
        report.published ? <Tag color="success">已发布</Tag> : <Tag>草稿</Tag>,
    },
    {
      title: '更新时间',
      key: 'updated',
      width: 180,
      render: (_, report) => formatTime(report.updated, timeZone),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, report) => (
        <Popconfirm
          title="确定删除该报告？其分享链接将一并失效"
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => onRemove(report)}
        >
          <Button type="link" size="small" danger data-testid="report-delete">
            删除
          </Button>
        </Popconfirm>
      ),
    },
  ];
}
