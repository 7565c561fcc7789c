import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS, type NewShare, type ReportShare } from '@yuqing/core';
import { Button, Empty, InputNumber, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { revokeReportShare, shareReport } from '../../../api/reportShares';
import { useT } from '../../../i18n/useT';
import { useProjectTimeZone } from '../useProjectTimeZone';
import { NewShareLink } from './NewShareLink';
import { shareColumns } from './shareColumns';
import { useReportShares } from './useReportShares';

interface ShareModalProps {
  reportId: string;
  onClose(): void;
}

/** 分享: makes a link valid for some days, shows it once, and lists the report's links. */
export function ShareModal({ reportId, onClose }: ShareModalProps) {
  const t = useT();
  const [days, setDays] = useState(SHARE_DEFAULT_DAYS);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewShare | undefined>(undefined);
  const timeZone = useProjectTimeZone();
  const { shares, readAt, loading, reload } = useReportShares(reportId);

  const create = async () => {
    setCreating(true);
    try {
      setCreated(await shareReport(reportId, days));
      reload();
    } catch {
      // The API client has shown why.
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (share: ReportShare) => {
    try {
      await revokeReportShare(share.id);
    } catch {
      // The API client has shown why; the list is read again either way.
    }
    reload();
  };

  return (
    <Modal open title={t('分享报告')} width={860} footer={null} onCancel={onClose}>
      <Space vertical size={16} style={{ width: '100%' }}>
        <Space wrap>
          <span>{t('有效期')}</span>
          <InputNumber
            min={1}
            max={SHARE_MAX_DAYS}
            precision={0}
            value={days}
            onChange={(value) => setDays(value ?? SHARE_DEFAULT_DAYS)}
            suffix={t('天#有效期')}
            data-testid="share-days"
          />
          <Button
            type="primary"
            loading={creating}
            onClick={() => void create()}
            data-testid="share-create"
          >
            {t('创建链接')}
          </Button>
        </Space>
        {created && <NewShareLink url={created.url} />}
        <Table<ReportShare>
          data-testid="share-list"
          size="small"
          rowKey="id"
          loading={loading}
          columns={shareColumns(readAt, timeZone, (share) => void revoke(share), t)}
          dataSource={shares}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(share) => ({ 'data-testid': `share-row-${share.id}` }) as object}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无分享链接')} />
            ),
          }}
        />
      </Space>
    </Modal>
  );
}
