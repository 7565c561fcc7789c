import { en_US } from './en_US.js';
import { zh_CN, type MessageKey } from './zh_CN.js';

export { zh_CN, en_US, type MessageKey };

export const LOCALES = ['zh_CN', 'en_US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_CN';

const tables: Record<Locale, Partial<Record<MessageKey, string>>> = { zh_CN, en_US };

/** Looks a message up in `locale`, falling back to zh_CN, and fills `{name}` placeholders. */
export function translate(
  locale: Locale,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  const text = tables[locale][key] ?? zh_CN[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
