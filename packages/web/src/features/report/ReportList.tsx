import type { ReportSummary } from '@yuqing/core';
import { Empty, Table } from 'antd';
import { removeReport } from '../../api/reports';
import { useT } from '../../i18n/useT';
import { ReportSchedules } from '../manage-schedules';
import { reportColumns } from './reportColumns';
import { useProjectTimeZone } from './useProjectTimeZone';
import { useReportList } from './useReportList';
import styles from './ReportPage.module.css';

/** `#/report`: the project's reports, and below them its scheduled reports. */
export function ReportList() {
  const t = useT();
  const timeZone = useProjectTimeZone();
  const { reports, loading, reload } = useReportList();

  const remove = async (report: ReportSummary) => {
    try {
      await removeReport(report.id);
    } catch {
      // The API client has shown why; the list is read again either way.
    }
    reload();
  };

  return (
    <div className={styles.page}>
      <section className={styles.panel}>
        <h2 className={styles.title}>{t('page.report')}</h2>
        <Table<ReportSummary>
          data-testid="report-list"
          size="middle"
          rowKey="id"
          loading={loading}
          columns={reportColumns(timeZone, (report) => void remove(report), t)}
          dataSource={reports}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(report) => ({ 'data-testid': `report-row-${report.id}` }) as object}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('暂无报告，可在看板页面点击“生成报告”创建')}
              />
            ),
          }}
        />
      </section>
      <ReportSchedules className={styles.panel} />
    </div>
  );
}
