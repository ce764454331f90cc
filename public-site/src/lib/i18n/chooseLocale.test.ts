import { afterEach, describe, expect, it } from 'vitest';
import { applySeo } from '@/lib/seo';
import { chooseLocale } from './chooseLocale';
import { activateLocale, currentIntlLocale, i18n } from './i18n';
import { matchLocale } from './locales';

describe('chooseLocale', () => {
  const none = { query: null, stored: null, browser: [] as string[] };
  it('should take ?lang= first, then the remembered choice, then the browser languages, then the organization default', () => {
    expect(chooseLocale({ query: 'fr', stored: 'es', browser: ['en-US'] })).toBe('fr');
    expect(chooseLocale({ query: null, stored: 'es', browser: ['fr-CA'] })).toBe('es');
    expect(chooseLocale({ ...none, browser: ['de-DE', 'es-MX', 'en'] })).toBe('es');
    expect(chooseLocale({ ...none, organizationDefault: 'fr' })).toBe('fr');
  });
  it('should skip an unsupported or malformed code and fall back to English, never throw', () => {
    expect(chooseLocale({ query: 'xx', stored: '<script>', browser: ['de', 'zh-Hant'] })).toBe('en');
    expect(chooseLocale({ query: '', stored: null, browser: [], organizationDefault: 'pt' })).toBe('en');
    expect(matchLocale('ES_us')).toBe('es');
  });
});

describe('switching the language', () => {
  afterEach(async () => activateLocale('en'));
  it('should load the catalog on demand, set <html lang> and format through Intl in that language', async () => {
    await activateLocale('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n._('class.spotsLeft', { count: 1 })).toBe('Queda 1 lugar');
    expect(i18n._('class.spotsLeft', { count: 3 })).toBe('Quedan 3 lugares');
    expect(currentIntlLocale()).toBe('es-US');
    await activateLocale('fr');
    expect(i18n._('class.spotsLeft', { count: 2 })).toBe('2 places restantes');
  });
});

describe('hreflang alternates', () => {
  it('should list every language and x-default on an indexable page, none on a noindex page', () => {
    window.history.replaceState(null, '', '/org/abc?lang=es');
    applySeo('org-classes');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')];
    expect(links.map((l) => [l.hreflang, new URL(l.href).search])).toEqual([
      ['en', '?lang=en'],
      ['es', '?lang=es'],
      ['fr', '?lang=fr'],
      ['x-default', ''],
    ]);
    applySeo('signin');
    expect(document.head.querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(0);
  });
});
