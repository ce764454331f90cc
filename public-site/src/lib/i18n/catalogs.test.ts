import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../../i18nCatalogs.plugin';
import { LOCALES } from './locales';
import { KNOWN_MESSAGES } from './localizeMessage';

// Vitest runs from public-site/ (jsdom gives import.meta.url no file: scheme).
const DIR = path.resolve(process.cwd(), '../shared/i18n');
const namespaces = readdirSync(path.join(DIR, 'en')).map((f) => f.replace(/\.json$/, ''));
const catalog = (lang: string, ns: string) => compileCatalog(path.join(DIR, lang, `${ns}.json`));

type Token = string | [string, string?, Record<string, Token[] | string>?];

/** The placeholders of a compiled message, and each plural's categories, in the order they come. */
function shape(tokens: unknown, out = { args: new Set<string>(), plurals: [] as { arg: string; keys: string[] }[] }) {
  if (typeof tokens === 'string' || !Array.isArray(tokens)) return out;
  for (const token of tokens as Token[]) {
    if (!Array.isArray(token)) continue;
    const [arg, type, options] = token;
    out.args.add(arg);
    if (type === 'plural' || type === 'select' || type === 'selectordinal') {
      const branches = Object.entries(options ?? {}).filter(([k]) => k !== 'offset');
      if (type === 'plural') out.plurals.push({ arg, keys: branches.map(([k]) => k) });
      for (const [, branch] of branches) shape(branch, out);
    }
  }
  return out;
}

describe('message catalogs (shared/i18n/<language>/<namespace>.json)', () => {
  it('should hold the same namespaces in every language', () => {
    for (const lang of LOCALES) expect(readdirSync(path.join(DIR, lang)).sort()).toEqual(readdirSync(path.join(DIR, 'en')).sort());
  });

  for (const ns of namespaces) {
    it(`should have every ${ns} key in every language, and no extra one`, () => {
      const english = Object.keys(catalog('en', ns)).sort();
      for (const lang of LOCALES) expect({ lang, keys: Object.keys(catalog(lang, ns)).sort() }).toEqual({ lang, keys: english });
    });

    it(`should parse every ${ns} message as ICU, with the English placeholders and the language's plural forms`, () => {
      const english = catalog('en', ns);
      for (const lang of LOCALES) {
        const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
        for (const [key, compiled] of Object.entries(catalog(lang, ns))) {
          const got = shape(compiled);
          expect({ lang, key, args: [...got.args].sort() }).toEqual({ lang, key, args: [...shape(english[key]).args].sort() });
          for (const plural of got.plurals) {
            expect({ lang, key, other: plural.keys.includes('other') }).toEqual({ lang, key, other: true });
            const unknown = plural.keys.filter((k) => !k.startsWith('=') && !categories.includes(k));
            expect({ lang, key, unknown }).toEqual({ lang, key, unknown: [] });
          }
        }
      }
    });
  }

  it('should give each key to one namespace only (the app merges every loaded namespace into one table)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const ns of namespaces)
      for (const key of Object.keys(catalog('en', ns))) {
        if (owner.has(key)) clashes.push(`${key}: ${owner.get(key)} and ${ns}`);
        owner.set(key, ns);
      }
    expect(clashes).toEqual([]);
  });

  it('should hold in forms each English message the rules give, word for word (localizeMessage recognizes them)', () => {
    const english = JSON.parse(readFileSync(path.join(DIR, 'en', 'forms.json'), 'utf8')) as Record<string, string>;
    for (const [key, text] of Object.entries(KNOWN_MESSAGES)) expect({ key, text: english[key] }).toEqual({ key, text });
  });

  it('should refuse a catalog whose message is not valid ICU, naming the file and key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalog-'));
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify({ 'seats.left': '{count, plural, one {# seat}' }));
    expect(() => compileCatalog(file)).toThrow(/broken\.json "seats\.left"/);
  });
});
