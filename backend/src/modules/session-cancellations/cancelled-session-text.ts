import { INTL_LOCALE, type Language } from '../../common/i18n/languages';
import type { ClassSessionEntity } from '../classes/class-session.entity';

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

/** What a cancelled session's notice says in a language: a greeting, a subject, an email body and a short SMS. */
export function cancelledSessionText(
  title: string,
  s: Pick<ClassSessionEntity, 'startsAt' | 'cancelReason'>,
  zone: string,
  language: Language = 'en',
) {
  return WRITTEN[language]({ title, at: when(s.startsAt, zone, language), reason: s.cancelReason || null });
}
