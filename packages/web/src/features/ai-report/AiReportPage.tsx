import { RobotOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

interface AiReportPageProps {
  title: string;
}

export function AiReportPage({ title }: AiReportPageProps) {
  const t = useT();
  return (
    <PlaceholderPage
      name="ai-report"
      icon={<RobotOutlined />}
      title={title}
      description={t('desc.aiReport')}
    />
  );
}
