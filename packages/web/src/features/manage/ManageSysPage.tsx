import { SettingOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function ManageSysPage() {
  const t = useT();
  return (
    <PlaceholderPage
      name="manage-sys"
      icon={<SettingOutlined />}
      title={t('manage.sys')}
      description={t('desc.manageSys')}
    />
  );
}
