import { useMemo } from 'react';
import type { Locale } from '@yuqing/core';
import { useLocaleStore } from './localeStore';
import { translateLabel, translateText, type TextKey } from './translateText';

export interface Translate {
  (key: TextKey, values?: Record<string, string | number>): string;
  /** A text known only when the app runs (see translateLabel). */
  label: (text: string) => string;
  locale: Locale;
}

function translatorOf(locale: Locale): Translate {
  const t = (key: TextKey, values?: Record<string, string | number>) =>
    translateText(locale, key, values);
  return Object.assign(t, { label: (text: string) => translateLabel(locale, text), locale });
}

/** The translation function of the current locale; components re-render when it changes. */
export function useT(): Translate {
  const locale = useLocaleStore((state) => state.locale);
  return useMemo(() => translatorOf(locale), [locale]);
}

/** The translation function of the locale now, for code outside components (toasts, clients). */
export function currentT(): Translate {
  return translatorOf(useLocaleStore.getState().locale);
}
