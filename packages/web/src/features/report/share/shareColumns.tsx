import type { ReportShare } from '@yuqing/core';
import { Button, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Translate } from '../../../i18n/useT';
import { formatTime } from '../../../format/time';
import { SHARE_STATUS_LABELS, shareStatus, type ShareStatus } from './shareStatus';

const STATUS_COLORS: Record<ShareStatus, string> = {
  active: 'success',
  expired: 'default',
  revoked: 'error',
};

/**
 * The share list's columns, statuses as of `now` and times in `timeZone`; `onRevoke` revokes a
 * link once the user confirms.
 */
export function shareColumns(
  now: number,
  timeZone: string,
  onRevoke: (share: ReportShare) => void,
  t: Translate,
): ColumnsType<ReportShare> {
  return [
    { title: t('创建人'), dataIndex: 'author', key: 'author' },
    {
      title: t('创建时间'),
      key: 'created',
      render: (_, share) => formatTime(share.created, timeZone),
    },
    {
      title: t('过期时间'),
      key: 'expires',
      render: (_, share) => formatTime(share.expires, timeZone),
    },
    { title: t('访问次数'), dataIndex: 'views', key: 'views', align: 'right' },
    {
      title: t('状态'),
      key: 'status',
      render: (_, share) => {
        const status = shareStatus(share, now);
        return <Tag color={STATUS_COLORS[status]}>{t(SHARE_STATUS_LABELS[status])}</Tag>;
      },
    },
    {
      title: t('操作'),
      key: 'actions',
      render: (_, share) =>
        shareStatus(share, now) === 'active' && (
          <Popconfirm
            title={t('撤销后该链接将无法打开，确定撤销？')}
            okText={t('撤销')}
            cancelText={t('取消')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onRevoke(share)}
          >
            <Button type="link" size="small" danger data-testid="share-revoke">
              {t('撤销')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
}
