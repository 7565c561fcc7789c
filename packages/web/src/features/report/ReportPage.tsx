import { useSearchParams } from 'react-router';
import { ReportDetail } from './ReportDetail';
import { ReportList } from './ReportList';

/** `#/report?id={reportId}` opens a report; `#/report` lists the project's reports. */
export function ReportPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  return id ? <ReportDetail key={id} id={id} /> : <ReportList />;
}
