import { useCallback } from 'react';
import { useLocaleStore } from './localeStore';
import { translateText, type TextKey } from './translateText';

/** The translation function of the current locale; components re-render when it changes. */
export function useT() {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback(
    (key: TextKey, values?: Record<string, string | number>) => translateText(locale, key, values),
    [locale],
  );
}
