/** Per-page title, description and robots (spec 1 §2 "SEO page keys"). */
import { useEffect } from 'react';
import { currentLocale, i18n, loadNamespace } from '@/lib/i18n/i18n';
import { LOCALES } from '@/lib/i18n/locales';
import { useLinguiOrShared } from '@/lib/i18n/useT';
import { SEO, type SeoEntry } from '@/lib/seo-pages';

export { SEO, type SeoEntry } from '@/lib/seo-pages';

const SITE = 'Classlane';

function setMeta(name: string, content: string | null): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/**
 * hreflang alternates for search engines: the same address with `?lang=` for each language, and the bare address as
 * x-default (it opens in the visitor's own language). A noindex page has none.
 */
export function setLanguageAlternates(indexable: boolean): void {
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((link) => link.remove());
  if (!indexable) return;
  const url = new URL(window.location.href);
  url.hash = '';
  const add = (hreflang: string, lang: string | null) => {
    const target = new URL(url);
    if (lang) target.searchParams.set('lang', lang);
    else target.searchParams.delete('lang');
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = hreflang;
    link.href = target.toString();
    document.head.appendChild(link);
  };
  LOCALES.forEach((lang) => add(lang, lang));
  add('x-default', null);
}

/** The document title: "{page} | {site}"; an organization page may pass the business name alone. */
function composeTitle(pageTitle: string | null, siteName = SITE): string {
  return pageTitle && pageTitle !== siteName ? `${pageTitle} | ${siteName}` : siteName;
}

/**
 * The entry in the page's language: the `seo` catalog's title and description (issue 42) once it is loaded, else
 * the English above (English visits never load it: those texts are the spec's, in this file).
 */
function localizedEntry(key: string): SeoEntry {
  const base = SEO[key] ?? SEO.home;
  const k = SEO[key] ? key : 'home';
  if (currentLocale() === 'en') return base;
  const pick = (field: 'title' | 'description') => {
    const id = `seo.${k}.${field}`;
    const text = i18n._(id);
    return text === id ? base[field] : text;
  };
  return { ...base, title: pick('title'), description: pick('description') };
}

export function applySeo(key: string, overrides: Partial<SeoEntry> & { siteName?: string; exactTitle?: string } = {}): void {
  const base = localizedEntry(key);
  // An override left undefined (e.g. no organization yet) keeps the page's own value instead of erasing it.
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as typeof overrides;
  const entry = { ...base, ...defined };
  document.title = defined.exactTitle ?? (key === 'home' ? base.title : composeTitle(entry.title, defined.siteName));
  setMeta('description', entry.description);
  setMeta('robots', entry.noindex ? 'noindex, nofollow' : null);
  setLanguageAlternates(!entry.noindex);
}

export function useSeo(key: string, overrides: Partial<SeoEntry> & { siteName?: string; exactTitle?: string } = {}): void {
  const { title, description, noindex, siteName, exactTitle } = overrides;
  const locale = useLinguiOrShared().i18n.locale;
  useEffect(() => {
    const apply = () => applySeo(key, { title, description, noindex, siteName, exactTitle });
    apply();
    let live = true;
    // Another language's titles come in their own small catalog, fetched once; the page's title follows when it lands.
    if (locale !== 'en')
      void loadNamespace('seo')
        .then(() => live && apply())
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, title, description, noindex, siteName, exactTitle, locale]);
}
