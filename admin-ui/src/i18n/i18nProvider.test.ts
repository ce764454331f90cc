import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { describe, expect, it } from 'vitest';
import { makeI18nProvider, prepareLocale } from './i18nProvider';
import { initialLocale } from './locales';
import { spanishMessages } from './raSpanish';

/** Every leaf key of a nested messages object ("ra.action.save"…). */
const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
/** Polyglot's placeholders of a message ("%{name}"), sorted. */
const placeholders = (s: string) => (s.match(/%\{\w+\}/g) ?? []).sort();
const at = (o: object, key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o) as string;

describe('admin languages (issue 42)', () => {
  it('should give our Spanish react-admin pack every English key with the same placeholders and plural parts', () => {
    expect(keys(spanishMessages).sort()).toEqual(keys(englishMessages).sort());
    for (const key of keys(englishMessages)) {
      const en = at(englishMessages, key);
      const es = at(spanishMessages, key);
      expect({ key, placeholders: placeholders(es), parts: es.split('||||').length }).toEqual({
        key,
        placeholders: placeholders(en),
        parts: en.split('||||').length,
      });
    }
  });

  it("should translate react-admin's texts from the packs and ours from the admin catalog, in the chosen language", async () => {
    await prepareLocale('en');
    const i18n = makeI18nProvider('en');
    expect(i18n.translate('ra.action.save')).toBe('Save');
    expect(i18n.translate('admin.nav.classes')).toBe('Classes');
    expect(i18n.translate('admin.header.welcome', { firstName: 'Ada', lastName: 'Admin' })).toBe('Welcome Ada Admin');

    await i18n.changeLocale('fr');
    expect(i18n.getLocale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.translate('ra.action.save')).toBe(frenchMessages.ra.action.save);
    expect(i18n.translate('admin.nav.classes')).toBe('Cours');
    expect(i18n.translate('ra.notification.updated', { smart_count: 2 })).toBe('2 éléments mis à jour');

    await i18n.changeLocale('es');
    expect(i18n.translate('ra.navigation.page_rows_per_page')).toBe('Filas por página:');
    expect(i18n.translate('admin.nav.students')).toBe('Estudiantes');
    // A key in neither catalog gives its default, as react-admin expects.
    expect(i18n.translate('resources.classes.name', { _: 'Classes' })).toBe('Classes');
    expect(i18n.getLocales?.().map((l) => l.locale)).toEqual(['en', 'es', 'fr']);
  });

  it('should open in the profile language first, else the browser language, and skip an unknown code', () => {
    expect(initialLocale('fr')).toBe('fr');
    expect(initialLocale('de')).toBe(initialLocale(null));
    expect(['en', 'es', 'fr']).toContain(initialLocale(null));
  });
});
