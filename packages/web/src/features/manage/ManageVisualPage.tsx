import { LayoutOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function ManageVisualPage() {
  const t = useT();
  return (
    <PlaceholderPage
      name="manage"
      icon={<LayoutOutlined />}
      title={t('manage.visual')}
      description={t('desc.manageVisual')}
    />
  );
}
