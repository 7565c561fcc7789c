import { translate, zh_CN, type Locale, type MessageKey } from '@yuqing/core';
import { ENGLISH, type ZhText } from './english';
import { webEn, webZh, type WebMessageKey } from './webMessages';

export type { ZhText };

/** A text of the interface: a keyed message of core or the web app, or a Chinese text itself. */
export type TextKey = MessageKey | WebMessageKey | ZhText;

type Values = Record<string, string | number>;

function isCoreKey(key: string): key is MessageKey {
  return key in zh_CN;
}

function isWebKey(key: string): key is WebMessageKey {
  return key in webZh;
}

function fill(text: string, values: Values | undefined): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values && name in values ? String(values[name]) : whole,
  );
}

/**
 * A Chinese text as shown: a key may name its context after `#` (`天#有效期`), where one Chinese
 * text needs two English ones.
 */
const shownChinese = (key: string) => key.split('#')[0]!;

/** Looks up a core, web or Chinese text in `locale`, falling back to zh_CN. */
export function translateText(locale: Locale, key: TextKey, values?: Values): string {
  if (isCoreKey(key)) return translate(locale, key, values);
  if (isWebKey(key))
    return fill((locale === 'en_US' ? webEn[key] : undefined) ?? webZh[key], values);
  const english = locale === 'en_US' ? ENGLISH.get(key) : undefined;
  return fill(english ?? shownChinese(key), values);
}

/**
 * A text that is not known when the code is written (a label from core or a project's settings,
 * a stored value): its translation where the tables have one, otherwise the text itself.
 */
export function translateLabel(locale: Locale, text: string): string {
  return locale === 'en_US' ? (ENGLISH.get(text) ?? text) : text;
}

/** Marks a Chinese text of the interface kept in a constant, to be translated where it shows. */
export function zh<T extends ZhText>(text: T): T {
  return text;
}
