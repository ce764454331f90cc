import { DEFAULT_LOCALE, matchLocale, type Locale } from './locales';

export const LOCALE_KEY = 'classlane.lang';

export interface LocaleSources {
  /** The page address's `?lang=`: a shared link in a language opens in it. */
  query: string | null;
  /** The visitor's own earlier choice (the switcher's, kept in localStorage). */
  stored: string | null;
  /** The browser's languages in order (navigator.languages: Accept-Language's source). */
  browser: readonly string[];
  /** The organization's default language, when known. */
  organizationDefault?: string | null;
}

/**
 * The language a visit opens in: `?lang=`, then the remembered choice, then the first of the browser's languages
 * we offer, then the organization's default, then English. An unsupported code is skipped, never an error.
 */
export function chooseLocale(sources: LocaleSources): Locale {
  return (
    matchLocale(sources.query) ??
    matchLocale(sources.stored) ??
    sources.browser.map(matchLocale).find((l): l is Locale => l !== null) ??
    matchLocale(sources.organizationDefault) ??
    DEFAULT_LOCALE
  );
}

export function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    /* storage disabled: the choice lasts for this page only */
  }
}

/** The sources as this browser gives them. */
export function browserLocaleSources(): LocaleSources {
  return {
    query: new URLSearchParams(window.location.search).get('lang'),
    stored: readStoredLocale(),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  };
}
