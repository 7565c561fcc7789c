import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLocaleStore } from '../i18n/localeStore';
import { useT } from '../i18n/useT';

/** Toggles between Chinese and English; the label names the language switched to. */
export function LocaleSwitch() {
  const t = useT();
  const locale = useLocaleStore((state) => state.locale);
  const setLocale = useLocaleStore((state) => state.setLocale);
  return (
    <Button
      type="text"
      size="small"
      icon={<GlobalOutlined />}
      style={{ color: 'inherit' }}
      data-testid="locale-switch"
      onClick={() => setLocale(locale === 'zh_CN' ? 'en_US' : 'zh_CN')}
    >
      {t('locale.switch')}
    </Button>
  );
}
