import type { Language } from '../../../common/i18n/languages';

/** What a texted keyword asks for: stop messages, start them again, or the help text. */
export type SmsKeywordAction = 'stop' | 'start' | 'help';

/**
 * The keywords a student can text back, by language (issue 42 §2, INTEGRATIONS.md). The English ones are Twilio's
 * standard opt-out words; the Spanish and French ones are the words carriers and Twilio's own language support list
 * for those languages. Each keyword is written here without accents: the message is matched after its accents are
 * taken off (see `smsKeyword`), so `ARRÊT` and `ARRET` are the same word.
 */
const KEYWORDS: Record<Language, Record<SmsKeywordAction, readonly string[]>> = {
  en: {
    stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
    start: ['START', 'UNSTOP', 'YES'],
    help: ['HELP', 'INFO'],
  },
  es: { stop: ['PARAR', 'ALTO', 'DETENER', 'CANCELAR'], start: ['INICIAR'], help: ['AYUDA'] },
  fr: { stop: ['ARRET'], start: ['COMMENCER'], help: ['AIDE'] },
};

const BY_WORD = new Map<string, { action: SmsKeywordAction; language: Language }>(
  (Object.entries(KEYWORDS) as [Language, Record<SmsKeywordAction, readonly string[]>][]).flatMap(([language, actions]) =>
    (Object.entries(actions) as [SmsKeywordAction, readonly string[]][]).flatMap(([action, words]) =>
      words.map((word) => [word, { action, language }] as const),
    ),
  ),
);

/**
 * The keyword a texted message is, with the language it is written in, or null when the message is not one.
 * Case, surrounding spaces and accents do not matter (' arrêt ' is ARRET, in French).
 */
export function smsKeyword(body: string | undefined): { action: SmsKeywordAction; language: Language } | null {
  const word = (body ?? '').normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase();
  return BY_WORD.get(word) ?? null;
}

/**
 * The answer to each keyword, in the keyword's language. English STOP and START get none from us: Twilio answers
 * its standard English keywords itself (and would refuse our answer to a number that just opted out). Twilio does
 * not know the Spanish and French words, so Classlane confirms them itself, in the words the student used.
 */
export const SMS_KEYWORD_REPLIES: Record<Language, Record<SmsKeywordAction, string | null>> = {
  en: {
    stop: null,
    start: null,
    help: 'Classlane class messages: confirmations, schedule changes, payments and reminders, up to 5 a month. Reply STOP to opt out, START to opt back in. Msg&data rates may apply.',
  },
  es: {
    stop: 'Classlane: ya no recibirá mensajes de texto de sus clases. Responda INICIAR para volver a recibirlos.',
    start:
      'Classlane: volverá a recibir mensajes de texto de sus clases. Responda PARAR para dejar de recibirlos, AYUDA para obtener ayuda.',
    help: 'Mensajes de clases de Classlane: confirmaciones, cambios de horario, pagos y recordatorios, hasta 5 al mes. Responda PARAR para dejar de recibirlos, INICIAR para volver a recibirlos. Pueden aplicarse tarifas de mensajes y datos.',
  },
  fr: {
    stop: 'Classlane : vous ne recevrez plus de textos de vos cours. Répondez COMMENCER pour les recevoir à nouveau.',
    start:
      'Classlane : vous recevrez à nouveau les textos de vos cours. Répondez ARRET pour ne plus les recevoir, AIDE pour obtenir de l’aide.',
    help: 'Messages de cours Classlane : confirmations, changements d’horaire, paiements et rappels, jusqu’à 5 par mois. Répondez ARRET pour ne plus les recevoir, COMMENCER pour les recevoir à nouveau. Des frais de messagerie et de données peuvent s’appliquer.',
  },
};
