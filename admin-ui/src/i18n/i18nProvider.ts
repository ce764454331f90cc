/**
 * The admin app's i18nProvider (issue 42; docs/decisions/admin-languages.md). Two catalogs behind one provider:
 * - react-admin's own texts (`ra.*`: buttons, pagination, confirmations, notifications) from the published
 *   `ra-language-english` / `ra-language-french` packs and our Spanish one (raSpanish.ts), through ra-i18n-polyglot,
 *   the provider react-admin documents;
 * - our screens' texts from shared/i18n/<language>/admin.json, ICU messages (plural, select) like the public site's,
 *   compiled by Lingui and checked by the same catalog tests (same keys in every language, valid ICU).
 * A key in our catalog is ours; any other key goes to Polyglot (which gives back `_`, the default, when it has none).
 */
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { LANGUAGE_NAMES, LOCALES, type Locale } from './locales';

const lingui = setupI18n();
// The catalogs are small and the admin app has no first-paint budget: its messages are compiled when loaded.
lingui.setMessagesCompiler(compileMessage);

const raPacks: Partial<Record<Locale, TranslationMessages>> = { en: englishMessages };
const ours: Partial<Record<Locale, Messages>> = {};

const loadRa: Record<Locale, () => Promise<TranslationMessages>> = {
  en: async () => englishMessages,
  fr: async () => (await import('ra-language-french')).default,
  es: async () => (await import('./raSpanish')).spanishMessages,
};
const loadOurs: Record<Locale, () => Promise<Messages>> = {
  en: async () => (await import('@shared/i18n/en/admin.json')).default,
  es: async () => (await import('@shared/i18n/es/admin.json')).default,
  fr: async () => (await import('@shared/i18n/fr/admin.json')).default,
};

/** Loads both catalogs of a language (once); the app waits for the first language before it renders. */
export async function prepareLocale(locale: Locale): Promise<void> {
  if (!raPacks[locale]) raPacks[locale] = await loadRa[locale]();
  if (!ours[locale]) {
    ours[locale] = await loadOurs[locale]();
    lingui.load(locale, ours[locale]);
  }
}

type TranslateOptions = { _?: string; smart_count?: number } & Record<string, unknown>;

/** The provider for an app that opens in `initial` (already prepared). */
export function makeI18nProvider(initial: Locale): I18nProvider {
  lingui.activate(initial);
  document.documentElement.lang = initial;
  const polyglot = polyglotI18nProvider((locale) => raPacks[locale as Locale] ?? englishMessages, initial, [], { allowMissing: true });
  return {
    translate(key: string, options: TranslateOptions = {}) {
      const own = ours[lingui.locale as Locale];
      if (own && key in own) return lingui._(key, options);
      return polyglot.translate(key, options);
    },
    async changeLocale(locale: string) {
      const next = LOCALES.find((l) => l === locale) ?? 'en';
      await prepareLocale(next);
      lingui.activate(next);
      document.documentElement.lang = next;
      await polyglot.changeLocale(next);
    },
    getLocale: () => polyglot.getLocale(),
    getLocales: () => LOCALES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
  };
}
