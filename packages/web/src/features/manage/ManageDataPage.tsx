import { DatabaseOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function ManageDataPage() {
  const t = useT();
  return (
    <PlaceholderPage
      name="manage-data"
      icon={<DatabaseOutlined />}
      title={t('manage.data')}
      description={t('desc.manageData')}
    />
  );
}
