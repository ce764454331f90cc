/**
 * Which failed off-session charges may be tried again later (shared/INTEGRATIONS.md "Saved payment methods and
 * off-session charges"). Stripe answers a failed charge with an error `code` and, for `card_declined`, a
 * `decline_code`:
 * - `authentication_required`: the bank wants the payer present (3-D Secure). Never retried off-session: the payer
 *   pays that instalment on-session from the portal link.
 * - soft declines (`insufficient_funds`, `processing_error`, `try_again_later`, `generic_decline`): the same card may
 *   work another day, so the organization's retry schedule tries it again.
 * - hard declines (decline codes `lost_card`, `stolen_card`, `pickup_card`, `fraudulent`, `do_not_honor`; error codes
 *   `expired_card`, `incorrect_number`): the card will never work again; nothing is retried until a new method is saved.
 *
 * Codes the contract does not name: a `card_declined` with another decline code is soft (banks add codes; the retry
 * schedule is short and bounded, so a wrong guess costs a few declined tries, while calling it hard would stop a plan
 * that may pay tomorrow); any other error code is hard (it says the card or its details are wrong, which another try
 * with the same card cannot change). docs/decisions/off-session-charges-and-disputes.md.
 */
export type DeclineClass = 'authentication_required' | 'soft' | 'hard';

export const SOFT_DECLINE_CODES: readonly string[] = ['insufficient_funds', 'processing_error', 'try_again_later', 'generic_decline'];
export const HARD_DECLINE_CODES: readonly string[] = ['lost_card', 'stolen_card', 'pickup_card', 'fraudulent', 'do_not_honor'];
/** Error codes (not decline codes) that are hard on their own. */
export const HARD_ERROR_CODES: readonly string[] = ['expired_card', 'incorrect_number'];

export function classifyDecline(code: string | null | undefined, declineCode: string | null | undefined): DeclineClass {
  if (code === 'authentication_required' || declineCode === 'authentication_required') return 'authentication_required';
  if (HARD_ERROR_CODES.includes(code ?? '') || HARD_ERROR_CODES.includes(declineCode ?? '')) return 'hard';
  if (HARD_DECLINE_CODES.includes(declineCode ?? '')) return 'hard';
  if (SOFT_DECLINE_CODES.includes(declineCode ?? '') || SOFT_DECLINE_CODES.includes(code ?? '')) return 'soft';
  // Not named by the contract: another decline code of a declined card is soft, any other error is hard.
  return code === 'card_declined' ? 'soft' : 'hard';
}
