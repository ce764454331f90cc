/** A Stripe Dispute as an event carries it, its fields checked (what a provider sends is untrusted). */
export interface DisputeFacts {
  id: string;
  amountCents: number;
  paymentIntentId: string;
  chargeId: string | null;
  reason: string;
  status: string;
}

const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** An expandable field: the id, or the expanded object's id. */
export const idOf = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof record(v)?.id === 'string' ? (record(v)!.id as string) : null;

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : null);

export function disputeFacts(raw: unknown): DisputeFacts | null {
  const d = record(raw);
  if (!d || d.object !== 'dispute') return null;
  const id = text(d.id, 255);
  const paymentIntentId = idOf(d.payment_intent);
  const status = text(d.status, 64);
  if (!id || !paymentIntentId || !status) return null;
  if (!Number.isSafeInteger(d.amount) || (d.amount as number) <= 0) return null;
  if (d.currency !== undefined && d.currency !== 'usd') return null;
  return {
    id,
    amountCents: d.amount as number,
    paymentIntentId,
    chargeId: idOf(d.charge),
    reason: text(d.reason, 100) ?? '',
    status,
  };
}
