import { DEFAULT_TIMEZONE, type DownloadJob } from '@yuqing/core';
import { Empty, Table } from 'antd';
import { removeDownloadJob } from '../../api/downloadJobs';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { jobColumns } from './jobColumns';
import { useDownloadJobs } from './useDownloadJobs';
import styles from './DownloadPage.module.css';

/** 离线下载: the project's offline downloads, their progress and files (spec 1, #/download). */
export function DownloadPage() {
  const t = useT();
  const { jobs, loading, reload } = useDownloadJobs();
  const timeZone = useSession().detail?.project.timezone ?? DEFAULT_TIMEZONE;

  const remove = async (job: DownloadJob) => {
    try {
      await removeDownloadJob(job.id);
    } catch {
      // The API client has shown why; the list is read again either way.
    }
    reload();
  };
  const columns = jobColumns((job) => void remove(job), timeZone, t);
  const width = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  return (
    <div className={styles.page}>
      <section className={styles.panel}>
        <h2 className={styles.title}>{t('page.download')}</h2>
        <Table<DownloadJob>
          data-testid="download-jobs"
          size="middle"
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={jobs ?? []}
          // The columns' widths: a narrower window scrolls the table, 操作 fixed at the right.
          scroll={{ x: width }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(job) => ({ 'data-testid': `job-row-${job.id}` }) as object}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无离线下载任务')} />
            ),
          }}
        />
      </section>
    </div>
  );
}
