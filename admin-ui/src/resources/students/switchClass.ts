import { formatMoney } from '@/common/format';
import type { Enrollment, EnrollmentTransfer, TransferOption } from '@/providers/types';

/**
 * The words of the admin's Switch class dialog. Every amount comes from the server's price quote
 * (`TransferOption.price` and `priceDifference`); nothing here computes a price.
 */
export type SwitchFrom = Pick<Enrollment, 'paymentMethod' | 'paymentStatus'>;

export const paidByCard = (e: SwitchFrom) => e.paymentMethod === 'card' && e.paymentStatus === 'completed';

/** Only a registration holding its seat can move to another class. */
export const canSwitch = (e: Pick<Enrollment, 'status'>) => e.status === 'active' || e.status === undefined;

/** '$40.00 more (due in person)', '$20.00 back to the card', 'Same price'. */
export function differenceText(o: Pick<TransferOption, 'priceDifference'>, from: SwitchFrom): string {
  const d = o.priceDifference;
  if (d > 0) return `${formatMoney(d)} more${paidByCard(from) ? ' (due in person)' : ''}`;
  if (d < 0) return `${formatMoney(-d)} ${paidByCard(from) ? 'back to the card' : 'less'}`;
  return 'Same price';
}

/** What the switch does with the money, said before confirming. */
export function outcomeText(o: Pick<TransferOption, 'priceDifference' | 'price'>, from: SwitchFrom): string {
  const d = o.priceDifference;
  if (paidByCard(from)) {
    if (d > 0) return `The card payment stays as it is; the student pays the ${formatMoney(d)} difference in person at class.`;
    if (d < 0) return `${formatMoney(-d)} goes back to the student's card.`;
    return 'The card payment stays as it is; no money changes hands.';
  }
  if (from.paymentStatus !== 'completed') return `The student pays ${formatMoney(o.price)} in person at class.`;
  if (d > 0) return `${formatMoney(d)} more to collect in person at class.`;
  if (d < 0) return `${formatMoney(-d)} less; a refund of an in-person payment is settled outside Classlane.`;
  return 'No money changes hands.';
}

/** The confirm button: says what happens to the money. */
export function switchLabel(o: Pick<TransferOption, 'priceDifference'> | undefined, from: SwitchFrom): string {
  if (o && paidByCard(from) && o.priceDifference > 0) return `Switch and collect ${formatMoney(o.priceDifference)} in person`;
  if (o && paidByCard(from) && o.priceDifference < 0) return `Switch and refund ${formatMoney(-o.priceDifference)}`;
  return 'Switch class';
}

/** The notice after the switch, from the server's reply. */
export function switchedText(r: Pick<EnrollmentTransfer, 'className' | 'refund' | 'balanceDue'>): string {
  if (r.refund) return `Switched to ${r.className}; ${formatMoney(r.refund.amount)} refunded`;
  if (r.balanceDue > 0) return `Switched to ${r.className}; ${formatMoney(r.balanceDue)} due in person`;
  return `Switched to ${r.className}`;
}
