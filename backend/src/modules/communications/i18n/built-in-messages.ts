import type { Language } from '../../../common/i18n/languages';
import { BUILT_IN, type BuiltInMessages } from '../templates';
import { BUILT_IN_ES } from './built-in.es';
import { BUILT_IN_FR } from './built-in.fr';

/**
 * The product's own message templates in each language (issue 42 §2); the words it adds to any message are in
 * message-words.ts. English is word for word the text the specification quotes; catalog.spec.ts checks that every
 * language has every key and the same `{{variables}}`.
 */
export const BUILT_IN_BY_LANGUAGE: Record<Language, BuiltInMessages> = { en: BUILT_IN, es: BUILT_IN_ES, fr: BUILT_IN_FR };
