import type { ClassSessionEntity } from '../classes/class-session.entity';

/** The session's date and time as the organization's people read them (its zone). */
function when(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** What a cancelled session's notice says: a subject, an email body and a short SMS. */
export function cancelledSessionText(title: string, s: Pick<ClassSessionEntity, 'startsAt' | 'cancelReason'>, zone: string) {
  const at = when(s.startsAt, zone);
  const reason = s.cancelReason ? ` Reason: ${s.cancelReason}` : '';
  return {
    subject: `Cancelled: ${title} on ${at}`,
    body: `The ${title} session on ${at} is cancelled.${reason}\n\nThe other sessions of the class are unchanged.`,
    sms: `${title}: the session on ${at} is cancelled.${reason}`,
  };
}
