import { Result, Spin } from 'antd';
import { reportImageUrl } from '../../api/reportAssets';
import { ReportToolbar } from './ReportToolbar';
import { ReportView } from './ReportView';
import { useProjectTimeZone } from './useProjectTimeZone';
import { useReport } from './useReport';
import styles from './ReportPage.module.css';

/** One report of the project with what its members may do with it. */
export function ReportDetail({ id }: { id: string }) {
  const timeZone = useProjectTimeZone();
  const { report, error, setReport } = useReport(id);

  if (error !== undefined) {
    return <Result status="404" title={error} data-testid="report-missing" />;
  }
  if (!report) {
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <ReportToolbar report={report} onChange={setReport} />
      <ReportView report={report} timeZone={timeZone} imageUrl={reportImageUrl} />
    </div>
  );
}
