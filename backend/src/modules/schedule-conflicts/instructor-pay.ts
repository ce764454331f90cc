import { sessionPayCents } from '../instructors/pay-rule';
import type { TaughtRow } from './instructor-pay.repository';

const MINUTE = 60_000;

/**
 * What each instructor earned from the sessions they taught (issue 39 §2): each session under their pay rule (per
 * session, per hour, per head by the roll's headcount), a flat rule once per class or per month taught in. An
 * instructor without a rule is listed with what they taught and 0 to pay. Sessions without a roll are counted and
 * flagged: per-head pay counts them as 0 heads.
 */
export function instructorPay(rows: TaughtRow[], monthOf: (at: Date) => string) {
  const by = new Map<string, TaughtRow[]>();
  for (const r of rows) by.set(r.instructorId, [...(by.get(r.instructorId) ?? []), r]);
  return [...by.values()].map((taught) => {
    const { instructorId, instructorName, payRule } = taught[0];
    const sessions = taught.map((r) => {
      const minutes = Math.round((new Date(r.endsAt).getTime() - new Date(r.startsAt).getTime()) / MINUTE);
      return { ...r, minutes, payCents: payRule ? sessionPayCents(payRule, minutes, r.headcount) : 0 };
    });
    let flatCents = 0;
    if (payRule?.kind === 'flat') {
      const units = new Set(taught.map((r) => (payRule.per === 'class' ? r.classId : monthOf(new Date(r.startsAt)))));
      flatCents = payRule.amountCents * units.size;
    }
    return {
      instructorId,
      instructorName,
      payRule: payRule?.kind ?? null,
      sessions,
      minutes: sessions.reduce((n, s) => n + s.minutes, 0),
      headcount: sessions.reduce((n, s) => n + s.headcount, 0),
      withoutRoll: sessions.filter((s) => !s.rollTaken).length,
      payCents: sessions.reduce((n, s) => n + s.payCents, 0) + flatCents,
    };
  });
}
