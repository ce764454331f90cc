/**
 * The languages Classlane speaks (issue 42): English, Spanish and French. Everything that picks a language for a
 * person (a student's messages, a staff user's screens) goes through `supportedLanguage`, so an unknown or regional
 * code (`es-MX`, `fr-CA`, `de`) is read the same way everywhere: its base language when supported, else nothing
 * (the caller then falls back to the organization's default language, never to an error page).
 */
export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The supported base language of a BCP 47 code (`es-MX` -> `es`), or null when it is not one of ours. */
export function supportedLanguage(code: unknown): Language | null {
  if (typeof code !== 'string') return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/**
 * The locale `Intl` formats a language's dates and money with. The organizations are in North America (US phone
 * numbers): Spanish as written in the United States, French as written in Canada.
 */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US', fr: 'fr-CA' };

/** A text (or any part of a message) that depends on its language, or one that does not. */
export type Localized<T> = T | ((language: Language) => T);

/** The value of a Localized part in one language. */
export const inLanguage = <T>(v: Localized<T>, language: Language): T =>
  typeof v === 'function' ? (v as (language: Language) => T)(language) : v;

/**
 * The `?lang=` that opens a public page linked from a message in the message's language (the public site reads it
 * on arrival); none for English, the site's own default, so English links stay as they always were.
 */
export const langQuery = (language: Language, separator: '?' | '&' = '?'): string =>
  language === 'en' ? '' : `${separator}lang=${language}`;
