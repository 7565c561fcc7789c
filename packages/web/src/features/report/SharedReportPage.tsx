import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { sharedImageUrl } from '../../api/reportShares';
import { ReportView } from './ReportView';
import { useSharedReport } from './useSharedReport';
import styles from './SharedReportPage.module.css';

/**
 * `/share/{token}`: a report opened through its share link, read-only, by anyone holding the
 * link. It runs outside the app: no session, no project, no router.
 */
export function SharedReportPage({ token }: { token: string }) {
  const { shared, refusal } = useSharedReport(token);

  useEffect(() => {
    if (shared) document.title = `${shared.report.title} - ${shared.projectName}`;
  }, [shared]);

  if (refusal) {
    return (
      <Result
        className={styles.refused}
        status={refusal.status === 404 ? '404' : 'warning'}
        title={refusal.message}
        data-testid="shared-report-refused"
      />
    );
  }
  if (!shared) {
    return (
      <div className={styles.loading}>
        <Spin size="large" />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <div className={styles.project} data-testid="shared-report-project">
        {shared.projectName}
      </div>
      <ReportView
        report={shared.report}
        timeZone={shared.timeZone}
        imageUrl={(id) => sharedImageUrl(token, id)}
      />
    </div>
  );
}
