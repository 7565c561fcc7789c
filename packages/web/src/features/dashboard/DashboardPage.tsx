import { AreaChartOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

interface DashboardPageProps {
  menuKey: string;
  title: string;
}

/** A project menu page: its charts and query bar will be laid out here. */
export function DashboardPage({ menuKey, title }: DashboardPageProps) {
  const t = useT();
  return (
    <PlaceholderPage
      name={`dashboard-${menuKey}`}
      icon={<AreaChartOutlined />}
      title={title}
      description={t('desc.dashboard')}
    />
  );
}
