import { DEFAULT_LOCALE, LOCALES, type Locale } from '@yuqing/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { create } from 'zustand';

const STORAGE_KEY = 'yuqing.locale';

const dayjsLocales: Record<Locale, string> = { zh_CN: 'zh-cn', en_US: 'en' };

function isLocale(value: string | null): value is Locale {
  return LOCALES.some((locale) => locale === value);
}

/** The locale chosen last in this browser; outside one (a test in node) the default. */
function storedLocale(): Locale {
  if (typeof localStorage === 'undefined') return DEFAULT_LOCALE;
  const value = localStorage.getItem(STORAGE_KEY);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const initialLocale = storedLocale();
dayjs.locale(dayjsLocales[initialLocale]);

export const useLocaleStore = create<LocaleState>((set) => ({
  locale: initialLocale,
  setLocale: (locale) => {
    localStorage.setItem(STORAGE_KEY, locale);
    dayjs.locale(dayjsLocales[locale]);
    set({ locale });
  },
}));
