import { translate, zh_CN, type Locale, type MessageKey } from '@yuqing/core';
import { webEn, webZh, type WebMessageKey } from './webMessages';

export type TextKey = MessageKey | WebMessageKey;

function isCoreKey(key: TextKey): key is MessageKey {
  return key in zh_CN;
}

/** Looks up a core or web text in `locale`, falling back to zh_CN. */
export function translateText(
  locale: Locale,
  key: TextKey,
  values?: Record<string, string | number>,
): string {
  if (isCoreKey(key)) return translate(locale, key, values);
  const text = (locale === 'en_US' ? webEn[key] : undefined) ?? webZh[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values && name in values ? String(values[name]) : whole,
  );
}
