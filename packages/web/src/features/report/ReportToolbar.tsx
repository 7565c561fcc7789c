import {
  ArrowLeftOutlined,
  EditOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { Report } from '@yuqing/core';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { publishReport } from '../../api/reports';
import { useT } from '../../i18n/useT';
import { ReportEditor } from './editor/ReportEditor';
import { ShareModal } from './share/ShareModal';
import { useReportExport } from './useReportExport';
import styles from './ReportPage.module.css';

interface ReportToolbarProps {
  report: Report;
  /** The report as the server answered a change. */
  onChange(report: Report): void;
}

/**
 * 编辑, 发布 / 取消发布 (confirmed: it revokes the report's share links for good), 分享 (a
 * published report only) and the exports of a report.
 */
export function ReportToolbar({ report, onChange }: ReportToolbarProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const { exporting, exportAs } = useReportExport(report.id);

  const togglePublished = async () => {
    setPublishing(true);
    try {
      onChange(await publishReport(report.id, !report.published));
    } catch {
      // The API client has shown why.
    } finally {
      setPublishing(false);
    }
  };

  return (
    <div className={styles.toolbar}>
      <Space>
        <Link to="/report">
          <ArrowLeftOutlined /> {t('报告列表')}
        </Link>
        <Tag color={report.published ? 'success' : 'default'} data-testid="report-status">
          {report.published ? t('已发布') : t('草稿')}
        </Tag>
      </Space>
      <Space wrap>
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="report-edit">
          {t('编辑')}
        </Button>
        <Popconfirm
          disabled={!report.published}
          title={t('取消发布后，该报告的分享链接将全部撤销，重新发布也不会恢复。确定取消发布？')}
          okText={t('取消发布')}
          cancelText={t('不取消')}
          okButtonProps={{ danger: true }}
          onConfirm={() => void togglePublished()}
        >
          <Button
            loading={publishing}
            onClick={report.published ? undefined : () => void togglePublished()}
            data-testid="report-publish"
          >
            {report.published ? t('取消发布') : t('发布')}
          </Button>
        </Popconfirm>
        {report.published && (
          <Button
            icon={<ShareAltOutlined />}
            onClick={() => setSharing(true)}
            data-testid="report-share"
          >
            {t('分享')}
          </Button>
        )}
        <Button
          icon={<FilePptOutlined />}
          loading={exporting === 'pptx'}
          onClick={() => void exportAs('pptx')}
          data-testid="report-export-pptx"
        >
          {t('导出PPT')}
        </Button>
        <Button
          icon={<FileWordOutlined />}
          loading={exporting === 'docx'}
          onClick={() => void exportAs('docx')}
          data-testid="report-export-docx"
        >
          {t('导出Word')}
        </Button>
        <Button
          icon={<FilePdfOutlined />}
          loading={exporting === 'pdf'}
          onClick={() => void exportAs('pdf')}
          data-testid="report-export-pdf"
        >
          {t('导出PDF')}
        </Button>
      </Space>
      {editing && (
        <ReportEditor
          report={report}
          onSaved={(saved) => {
            onChange(saved);
            setEditing(false);
          }}
          onClose={() => setEditing(false)}
        />
      )}
      {sharing && <ShareModal reportId={report.id} onClose={() => setSharing(false)} />}
    </div>
  );
}
