import { FileTextOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

/** `#/report?id={reportId}`. */
export function ReportPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  return (
    <PlaceholderPage
      name="report"
      icon={<FileTextOutlined />}
      title={t('page.report')}
      description={t('desc.report')}
      details={id && <span>{`${t('report.id')}：${id}`}</span>}
    />
  );
}
