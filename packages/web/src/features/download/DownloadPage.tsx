import { CloudDownloadOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function DownloadPage() {
  const t = useT();
  return (
    <PlaceholderPage
      name="download"
      icon={<CloudDownloadOutlined />}
      title={t('page.download')}
      description={t('desc.download')}
    />
  );
}
