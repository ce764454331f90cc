/** What the product keeps of a Stripe Express account (connect_accounts): the spec 3 §3 payment setup fields. */
export interface AccountRequirements {
  currently_due: string[];
  past_due: string[];
  eventually_due: string[];
  disabled_reason: string | null;
}

export interface AccountState {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirements: AccountRequirements;
}

/** Bounds what one account may make us store: a list longer than this is cut (the screen shows 5 anyway). */
const MAX_REQUIREMENTS = 100;
const MAX_TEXT = 200;

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_TEXT && !v.includes('\u0000');
const list = (v: unknown): string[] => (Array.isArray(v) ? [...new Set(v.filter(text))].slice(0, MAX_REQUIREMENTS) : []);

export const emptyRequirements = (): AccountRequirements => ({
  currently_due: [],
  past_due: [],
  eventually_due: [],
  disabled_reason: null,
});

/** A Stripe account id as Stripe writes them; anything else names no account of ours. */
export const isAccountId = (v: unknown): v is string => typeof v === 'string' && /^acct_[A-Za-z0-9_]{1,100}$/.test(v);

/**
 * The account's state from what Stripe (or anything speaking for it) answered: untrusted input. A flag counts
 * only when it is the boolean `true` (a missing or malformed flag is "not enabled", never "enabled"); lists keep
 * only short strings.
 */
export function accountState(raw: unknown): AccountState {
  const a = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const r = a.requirements && typeof a.requirements === 'object' ? (a.requirements as Record<string, unknown>) : {};
  return {
    chargesEnabled: a.charges_enabled === true,
    payoutsEnabled: a.payouts_enabled === true,
    detailsSubmitted: a.details_submitted === true,
    requirements: {
      currently_due: list(r.currently_due),
      past_due: list(r.past_due),
      eventually_due: list(r.eventually_due),
      disabled_reason: text(r.disabled_reason) ? r.disabled_reason : null,
    },
  };
}

/** A stored requirements value (jsonb) read back with the same care: old rows may be `{}`. */
export function storedRequirements(raw: unknown): AccountRequirements {
  return accountState({ requirements: raw }).requirements;
}
