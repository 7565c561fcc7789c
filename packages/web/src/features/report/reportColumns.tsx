import type { ReportSummary } from '@yuqing/core';
import { Button, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { Translate } from '../../i18n/useT';
import { formatTime } from '../../format/time';

/**
 * The report list's columns, times in `timeZone`; `onRemove` deletes a report once the user
 * confirms.
 */
export function reportColumns(
  timeZone: string,
  onRemove: (report: ReportSummary) => void,
  t: Translate,
): ColumnsType<ReportSummary> {
  return [
    {
      title: t('标题'),
      key: 'title',
      ellipsis: true,
      render: (_, report) => (
        <Link to={`/report?id=${encodeURIComponent(report.id)}`} data-testid="report-link">
          {report.title}
        </Link>
      ),
    },
    { title: t('描述'), dataIndex: 'desc', key: 'desc', ellipsis: true },
    { title: t('创建人'), dataIndex: 'author', key: 'author', width: 120 },
    {
      title: t('状态'),
      key: 'published',
      width: 90,
      render: (_, report) =>
        report.published ? <Tag color="success">{t('已发布')}</Tag> : <Tag>{t('草稿')}</Tag>,
    },
    {
      title: t('更新时间'),
      key: 'updated',
      width: 180,
      render: (_, report) => formatTime(report.updated, timeZone),
    },
    {
      title: t('操作'),
      key: 'actions',
      width: 90,
      render: (_, report) => (
        <Popconfirm
          title={t('确定删除该报告？其分享链接将一并失效')}
          okText={t('删除')}
          cancelText={t('取消')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onRemove(report)}
        >
          <Button type="link" size="small" danger data-testid="report-delete">
            {t('删除')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
}
