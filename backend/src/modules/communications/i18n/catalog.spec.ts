import { describe, expect, it } from '@jest/globals';
import { INTL_LOCALE, LANGUAGES } from '../../../common/i18n/languages';
import { householdList, longDate, priceList } from '../message-format';
import { variablesOf } from '../templates';
import { BUILT_IN_BY_LANGUAGE } from './built-in-messages';
import { MESSAGE_WORDS, plural } from './message-words';

const EN = BUILT_IN_BY_LANGUAGE.en;

describe('the built-in message catalogs (issue 42 §2)', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const catalog = BUILT_IN_BY_LANGUAGE[language];

    it(`${language}: every kind and channel of the English catalog, none other`, () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(EN).sort());
      for (const kind of Object.keys(EN) as (keyof typeof EN)[]) expect(Object.keys(catalog[kind]).sort()).toEqual(['email', 'sms']);
    });

    it(`${language}: each message uses exactly the English one's {{variables}}`, () => {
      for (const kind of Object.keys(EN) as (keyof typeof EN)[])
        for (const channel of ['email', 'sms'] as const) {
          const en = EN[kind][channel];
          const tr = catalog[kind][channel];
          expect({ kind, channel, vars: variablesOf(tr.subject, tr.message).sort() }).toEqual({
            kind,
            channel,
            vars: variablesOf(en.subject, en.message).sort(),
          });
          // Translated, not copied: a message left in English would pass the placeholder check.
          if (en.message) expect(tr.message).not.toBe(en.message);
          // An SMS without a subject stays without one.
          expect(tr.subject === '').toBe(en.subject === '');
        }
    });

    it(`${language}: a word for each plural category the language uses`, () => {
      const categories = new Intl.PluralRules(INTL_LOCALE[language]).resolvedOptions().pluralCategories;
      for (const c of categories) expect(MESSAGE_WORDS[language].registered[c]).toBeDefined();
      expect(MESSAGE_WORDS[language].ratings).toHaveLength(5);
    });
  }

  it('keeps English word for word', () => {
    expect(householdList([{ firstName: 'Emma', lastName: 'Okafor' }])).toBe('\n\nRegistered (1 person):\n- Emma Okafor');
    expect(plural('en', MESSAGE_WORDS.en.registered, 2)).toBe('Registered (2 people)');
    expect(
      priceList([
        { label: 'Class price', amount: 80 },
        { label: 'Early bird', amount: -8 },
      ]),
    ).toBe('\n\nPrice:\n- Class price: $80.00\n- Early bird: -$8.00\nTotal: $72.00');
  });

  it('writes plurals, money and dates as Spanish and French write them', () => {
    expect(plural('es', MESSAGE_WORDS.es.registered, 1)).toBe('Inscritos (1 persona)');
    expect(plural('es', MESSAGE_WORDS.es.registered, 3)).toBe('Inscritos (3 personas)');
    // French counts 0 and 1 as singular.
    expect(plural('fr', MESSAGE_WORDS.fr.registered, 0)).toBe('Inscrits (0 personne)');
    expect(plural('fr', MESSAGE_WORDS.fr.registered, 2)).toBe('Inscrits (2 personnes)');
    const fr = priceList(
      [
        { label: 'Class price', amount: 80 },
        { label: 'Early bird', amount: -8 },
      ],
      'fr',
    );
    expect(fr).toMatch(/^\n\nPrix :\n- Class price : 80,00\s\$\sUS\n- Early bird : -8,00\s\$\sUS\nTotal : 72,00\s\$\sUS$/);
    const d = new Date(2026, 2, 2, 18, 0);
    expect(longDate(d, 'es')).toBe('lunes, 2 de marzo de 2026');
    expect(longDate(d, 'fr')).toBe('lundi 2 mars 2026');
  });
});
