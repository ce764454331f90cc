import { INTL_LOCALE, type Language } from '../../../common/i18n/languages';

/**
 * The few words the product adds to any message, whoever wrote its template (issue 42 §2): the portal link, a
 * household's list, the price lines, the rating labels, the footer's unsubscribe link. English is word for word as
 * before; catalog.spec.ts checks every language has every plural form its language needs.
 */
export interface MessageWords {
  manageRegistration: string;
  /** 'Registered (2 people)' by the language's plural category (Intl.PluralRules): one entry per category it uses. */
  registered: Partial<Record<Intl.LDMLPluralRule, string>>;
  price: string;
  total: string;
  /** The five rating links' labels, 1 (poor) to 5 (excellent). */
  ratings: [string, string, string, string, string];
  unsubscribe: string;
  /** The receipt email's link to its PDF: '<receiptPdf>: <link>', the link's text in HTML. */
  receiptPdf: string;
  downloadReceipt: string;
}

export const MESSAGE_WORDS: Record<Language, MessageWords> = {
  en: {
    manageRegistration: 'Manage your registration',
    registered: { one: 'Registered (# person)', other: 'Registered (# people)' },
    price: 'Price',
    total: 'Total',
    ratings: ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'],
    unsubscribe: 'Unsubscribe',
    receiptPdf: 'Your receipt (PDF)',
    downloadReceipt: 'Download your receipt',
  },
  es: {
    manageRegistration: 'Gestionar su inscripción',
    registered: { one: 'Inscritos (# persona)', other: 'Inscritos (# personas)', many: 'Inscritos (# personas)' },
    price: 'Precio',
    total: 'Total',
    ratings: ['Mala', 'Regular', 'Buena', 'Muy buena', 'Excelente'],
    unsubscribe: 'Cancelar la suscripción',
    receiptPdf: 'Su recibo (PDF)',
    downloadReceipt: 'Descargar su recibo',
  },
  fr: {
    manageRegistration: 'Gérer votre inscription',
    registered: { one: 'Inscrits (# personne)', other: 'Inscrits (# personnes)', many: 'Inscrits (# personnes)' },
    price: 'Prix',
    total: 'Total',
    ratings: ['Faible', 'Passable', 'Bien', 'Très bien', 'Excellent'],
    unsubscribe: 'Se désabonner',
    receiptPdf: 'Votre reçu (PDF)',
    downloadReceipt: 'Télécharger votre reçu',
  },
};

const PLURALS = new Map<Language, Intl.PluralRules>();

/** A count in words by the language's plural rules (`#` is the count, written as the language writes numbers). */
export function plural(language: Language, forms: Partial<Record<Intl.LDMLPluralRule, string>>, n: number): string {
  let rules = PLURALS.get(language);
  if (!rules) PLURALS.set(language, (rules = new Intl.PluralRules(INTL_LOCALE[language])));
  const form = forms[rules.select(n)] ?? forms.other!;
  return form.replace('#', new Intl.NumberFormat(INTL_LOCALE[language]).format(n));
}
