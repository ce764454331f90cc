import { TermsError } from './terms.exception';

/**
 * When a class takes registrations, with no database in sight. The class's own opening and closing win over its
 * term's; a class with neither is open as it always was. Early access lets people holding an early-access link in
 * from the term's early-access time. A class that has started takes registrations only when the organization allows
 * late registration, and not once its last session is over.
 */

export interface WindowClass {
  startDate: Date;
  duration: number;
  days: number;
  schedule: 'Consecutive' | 'Weekly';
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
}

export interface WindowTerm {
  registrationOpensAt: Date;
  registrationClosesAt: Date | null;
  earlyAccessOpensAt: Date | null;
}

export interface EffectiveWindow {
  opensAt: Date | null;
  closesAt: Date | null;
  earlyAccessOpensAt: Date | null;
}

/** The class override, else the term's time. */
export function effectiveWindow(
  c: Pick<WindowClass, 'registrationOpensAt' | 'registrationClosesAt'>,
  term: WindowTerm | null,
): EffectiveWindow {
  const opensAt = c.registrationOpensAt ?? term?.registrationOpensAt ?? null;
  const closesAt = c.registrationClosesAt ?? term?.registrationClosesAt ?? null;
  // Early access is the term's, and only means something while the opening is still ahead of it.
  const early = term?.earlyAccessOpensAt ?? null;
  return {
    opensAt: opensAt && new Date(opensAt),
    closesAt: closesAt && new Date(closesAt),
    earlyAccessOpensAt: early && opensAt && new Date(early) < new Date(opensAt) ? new Date(early) : null,
  };
}

/** Session start times (the same rule as the class's own session list: Consecutive 1 day apart, Weekly 7). */
function sessionStarts(c: WindowClass): Date[] {
  const step = c.schedule === 'Weekly' ? 7 : 1;
  return Array.from({ length: Math.max(1, c.days) }, (_, i) => {
    const d = new Date(c.startDate);
    d.setUTCDate(d.getUTCDate() + i * step);
    return d;
  });
}

/** How many sessions are not over yet, of how many. */
export function sessionsLeft(c: WindowClass, now: Date): { left: number; total: number; lastEndsAt: Date } {
  const starts = sessionStarts(c);
  const ends = starts.map((s) => new Date(s.getTime() + c.duration * 60_000));
  return { left: ends.filter((e) => e > now).length, total: starts.length, lastEndsAt: ends[ends.length - 1] };
}

export type WindowAnswer =
  | { open: true; early: boolean; late: boolean }
  | { open: false; code: TermsError.RegistrationNotOpen; opensAt: Date; earlyAccessOpensAt: Date | null }
  | { open: false; code: TermsError.RegistrationClosed; closedAt: Date };

/**
 * Is registration open for this class now, for this person? `earlyAccess` says whether the person holds a valid
 * early-access link for the class's term; `lateRegistration` is the organization's setting.
 */
export function registrationAnswer(
  c: WindowClass,
  term: WindowTerm | null,
  now: Date,
  who: { earlyAccess: boolean; lateRegistration: boolean },
): WindowAnswer {
  const w = effectiveWindow(c, term);
  let early = false;
  if (w.opensAt && now < w.opensAt) {
    if (!(w.earlyAccessOpensAt && now >= w.earlyAccessOpensAt && who.earlyAccess))
      return { open: false, code: TermsError.RegistrationNotOpen, opensAt: w.opensAt, earlyAccessOpensAt: w.earlyAccessOpensAt };
    early = true;
  }
  if (w.closesAt && now >= w.closesAt) return { open: false, code: TermsError.RegistrationClosed, closedAt: w.closesAt };
  const start = new Date(c.startDate);
  if (now < start) return { open: true, early, late: false };
  const s = sessionsLeft(c, now);
  if (!who.lateRegistration) return { open: false, code: TermsError.RegistrationClosed, closedAt: start };
  if (s.left === 0) return { open: false, code: TermsError.RegistrationClosed, closedAt: s.lastEndsAt };
  return { open: true, early, late: true };
}

/** 'Monday, January 5 at 6:00 AM' in the organization's time zone (the words the public page shows too). */
export function openingTime(at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  return `${day} at ${time}`;
}
