import type { Locale as AppLocale } from '@yuqing/core';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { ReactNode } from 'react';
import { useLocaleStore } from '../i18n/localeStore';
import { antdTheme } from './theme';

const antdLocales: Record<AppLocale, AntdLocale> = { zh_CN: zhCN, en_US: enUS };

interface AppProvidersProps {
  primaryColor: string;
  children: ReactNode;
}

/** Ant Design's theme and locale, following the project colour and the locale switch. */
export function AppProviders({ primaryColor, children }: AppProvidersProps) {
  const locale = useLocaleStore((state) => state.locale);
  return (
    <ConfigProvider locale={antdLocales[locale]} theme={antdTheme(primaryColor)}>
      {children}
    </ConfigProvider>
  );
}
