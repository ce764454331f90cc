/**
 * The site's one Lingui instance and its catalogs (docs/decisions/public-site-languages-lingui.md).
 * Catalogs are split by namespace (shared/i18n/<language>/<namespace>.json): `common` (header, footer, class list,
 * class page) is loaded before the first render; a page's own namespace loads with the page's chunk.
 * Only the current language's catalogs are fetched; another language's load when the visitor switches.
 */
import { i18n } from '@lingui/core';
import { messages as englishCommon } from 'virtual:i18n-catalog/en/common';
import { loaders } from 'virtual:i18n-catalogs';
import { DEFAULT_LOCALE, intlLocaleOf, type Locale } from './locales';

// One namespace per part of the site, each its own chunk per language (shared/i18n/<language>/<namespace>.json).
export type Namespace =
  | 'common'
  | 'registration'
  | 'payment'
  | 'forms'
  | 'portal'
  | 'waitlist'
  | 'waiver'
  | 'account'
  | 'site'
  | 'seo'
  // Make-ups in the portal (issue 41 §3).
  | 'makeups';

const loaded = new Set<string>(['en/common']);
/** The namespaces the visit has needed so far: a language switch loads the same ones in the new language. */
const needed = new Set<Namespace>(['common']);

i18n.load(DEFAULT_LOCALE, englishCommon);
i18n.activate(DEFAULT_LOCALE);

export { i18n };

async function loadOne(locale: Locale, ns: Namespace): Promise<void> {
  const key = `${locale}/${ns}`;
  if (loaded.has(key)) return;
  const loader = loaders[key];
  if (!loader) throw new Error(`No catalog ${key}`);
  const { messages } = await loader();
  i18n.load(locale, messages);
  loaded.add(key);
}

/** Loads a page's namespace in the current language (called alongside the page's own chunk). */
export async function loadNamespace(ns: Namespace): Promise<void> {
  needed.add(ns);
  await loadOne(currentLocale(), ns);
}

/** Loads the needed namespaces in `locale`, then switches to it (components re-render through I18nProvider). */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...needed].map((ns) => loadOne(locale, ns)));
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

/** The `Intl` locale for dates, times, money and numbers in the current language. */
export function currentIntlLocale(): string {
  return intlLocaleOf(currentLocale());
}
