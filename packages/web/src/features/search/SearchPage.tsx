import { SearchOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function SearchPage() {
  const t = useT();
  return (
    <PlaceholderPage
      name="search"
      icon={<SearchOutlined />}
      title={t('page.search')}
      description={t('desc.search')}
    />
  );
}
