/**
 * The languages of the public site (issue 42, first slice). A language is a two-letter code; `Intl` formats with
 * the regional variant the organizations we serve read: US Spanish, Canadian French (Quebec, Ontario).
 */
export const LOCALES = ['en', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, as the switcher shows it (a reader looks for their language written their way). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', fr: 'Français' };

const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', es: 'es-US', fr: 'fr-CA' };

export function intlLocaleOf(locale: Locale): string {
  return INTL_LOCALES[locale];
}

/** "es", "ES", "es-MX", "fr_CA" → a supported language; anything else → null (the caller falls back). */
export function matchLocale(code: string | null | undefined): Locale | null {
  if (!code) return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : null;
}
