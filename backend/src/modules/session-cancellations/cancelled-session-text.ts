import { INTL_LOCALE, type Language } from '../../common/i18n/languages';
import type { ClassSessionEntity } from '../classes/class-session.entity';
import { dollars } from '../communications/message-format';
import type { Given } from './session-remedy';

/** The session's date and time as the organization's people read them (its zone), in the message's language. */
function when(at: Date, zone: string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

interface Parts {
  title: string;
  at: string;
  reason: string | null;
}

/** Each language's notice (issue 42 §2); English word for word as before. */
const WRITTEN: Record<Language, (p: Parts) => { greeting: (name: string) => string; subject: string; body: string; sms: string }> = {
  en: ({ title, at, reason }) => {
    const why = reason ? ` Reason: ${reason}` : '';
    return {
      greeting: (name) => `Hi ${name},`,
      subject: `Cancelled: ${title} on ${at}`,
      body: `The ${title} session on ${at} is cancelled.${why}\n\nThe other sessions of the class are unchanged.`,
      sms: `${title}: the session on ${at} is cancelled.${why}`,
    };
  },
  es: ({ title, at, reason }) => {
    const why = reason ? ` Motivo: ${reason}` : '';
    return {
      greeting: (name) => `Hola, ${name}:`,
      subject: `Cancelada: ${title} el ${at}`,
      body: `La sesión de ${title} del ${at} está cancelada.${why}\n\nLas demás sesiones de la clase no cambian.`,
      sms: `${title}: la sesión del ${at} está cancelada.${why}`,
    };
  },
  fr: ({ title, at, reason }) => {
    const why = reason ? ` Motif : ${reason}` : '';
    return {
      greeting: (name) => `Bonjour ${name},`,
      subject: `Annulée : ${title} le ${at}`,
      body: `La séance de ${title} du ${at} est annulée.${why}\n\nLes autres séances du cours ne changent pas.`,
      sms: `${title} : la séance du ${at} est annulée.${why}`,
    };
  },
};

/** What the student got for the session, in each language (a paragraph after the notice; none for nothing). */
const GIVEN: Record<Language, (g: Given, amount: string) => string | null> = {
  en: (g, amount) =>
    ({
      makeup_token: 'You have a make-up token for this session: book another session with it in the student portal.',
      credit: `We added ${amount} of credit to your account for this session.`,
      refund: `We are refunding ${amount} to your card for this session.`,
      refund_in_person: `You will be refunded ${amount} for this session.`,
      nothing: null,
    })[g.kind],
  es: (g, amount) =>
    ({
      makeup_token: 'Tiene un bono de recuperación por esta sesión: reserve otra sesión con él en el portal del estudiante.',
      credit: `Añadimos ${amount} de crédito a su cuenta por esta sesión.`,
      refund: `Le reembolsamos ${amount} en su tarjeta por esta sesión.`,
      refund_in_person: `Se le reembolsarán ${amount} por esta sesión.`,
      nothing: null,
    })[g.kind],
  fr: (g, amount) =>
    ({
      makeup_token: 'Vous avez un jeton de rattrapage pour cette séance : réservez une autre séance avec lui dans le portail étudiant.',
      credit: `Nous avons ajouté ${amount} de crédit à votre compte pour cette séance.`,
      refund: `Nous vous remboursons ${amount} sur votre carte pour cette séance.`,
      refund_in_person: `Vous serez remboursé de ${amount} pour cette séance.`,
      nothing: null,
    })[g.kind],
};

/** The notice's paragraph on what the student got, in their language; null when they got nothing. */
export function givenText(g: Given, language: Language = 'en'): string | null {
  return GIVEN[language](g, dollars(g.cents, language));
}

/** What a cancelled session's notice says in a language: a greeting, a subject, an email body and a short SMS. */
export function cancelledSessionText(
  title: string,
  s: Pick<ClassSessionEntity, 'startsAt' | 'cancelReason'>,
  zone: string,
  language: Language = 'en',
) {
  return WRITTEN[language]({ title, at: when(s.startsAt, zone, language), reason: s.cancelReason || null });
}
