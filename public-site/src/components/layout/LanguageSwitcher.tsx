import { useId, useState } from 'react';
import { activateLocale, currentLocale } from '@/lib/i18n/i18n';
import { storeLocale } from '@/lib/i18n/chooseLocale';
import { LANGUAGE_NAMES, LOCALES, matchLocale } from '@/lib/i18n/locales';
import { useT } from '@/lib/i18n/useT';

/**
 * The language of the site: a labelled select (each language in its own words, marked with its `lang` so a screen
 * reader pronounces it right). The choice is remembered on this device; a `?lang=` in the address is rewritten to it,
 * so a reload or a copied link keeps the chosen language.
 */
export function LanguageSwitcher() {
  const t = useT();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const locale = currentLocale();

  async function choose(value: string) {
    const next = matchLocale(value);
    if (!next || next === locale) return;
    setBusy(true);
    try {
      await activateLocale(next);
      storeLocale(next);
      const url = new URL(window.location.href);
      if (url.searchParams.has('lang')) {
        url.searchParams.set('lang', next);
        window.history.replaceState(window.history.state, '', url);
      }
    } catch {
      /* the catalog did not load (offline): the page stays in its language */
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select id={id} value={locale} disabled={busy} onChange={(e) => void choose(e.target.value)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
