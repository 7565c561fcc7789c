import { ApartmentOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function KgPage() {
  const t = useT();
  return (
    <PlaceholderPage
      name="kg"
      icon={<ApartmentOutlined />}
      title={t('page.kg')}
      description={t('desc.kg')}
    />
  );
}
