/** The admin app's languages (issue 42), as the public site's (public-site/src/lib/i18n/locales.ts). */
export const LOCALES = ['en', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's own name, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', fr: 'Français' };

/** "es", "es-MX", "fr_CA" → a supported language; anything else → null. */
export function matchLocale(code: string | null | undefined): Locale | null {
  if (!code) return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : null;
}

const STORED = 'classlane.adminLang';

/**
 * The language the app opens in: the person's profile setting (kept across devices), else the last choice on this
 * device, else the browser's first language we offer, else English.
 */
export function initialLocale(profile: string | null | undefined): Locale {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORED);
  } catch {
    /* storage disabled */
  }
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return matchLocale(profile) ?? matchLocale(stored) ?? browser.map(matchLocale).find((l): l is Locale => l !== null) ?? 'en';
}

export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORED, locale);
  } catch {
    /* storage disabled: the profile still keeps it */
  }
}
