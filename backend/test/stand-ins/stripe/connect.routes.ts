import { notFound, stripeError, type StandInObject, type StandInRequest, type StandInRoute, type StandInState } from './core';

/** What a new Express account still needs before Stripe enables charges (a realistic subset). */
export const ONBOARDING_REQUIREMENTS = [
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.dob.day',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
];

const now = () => Math.floor(Date.now() / 1000);
const isHttpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//.test(v);

function account(state: StandInState, id: string): StandInObject | null {
  const a = state.objects.get(id);
  return a && a.object === 'account' ? a : null;
}

/**
 * Completes onboarding the way Stripe does once the person has filled in everything: charges and payouts on,
 * nothing due. Tests also call it directly; `emit` then tells the product (webhook and events.list).
 */
export async function completeOnboarding(state: StandInState, id: string) {
  const a = account(state, id);
  if (!a) return null;
  Object.assign(a, {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    capabilities: { card_payments: 'active', transfers: 'active' },
    requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null, errors: [] },
  });
  return state.emit('account.updated', { ...a });
}

/**
 * Connect (shared/INTEGRATIONS.md): `accounts.create`, `accounts.retrieve`, `accountLinks.create`,
 * `accounts.createLoginLink`, and the two pages a browser visits instead of Stripe's: the hosted onboarding
 * (completes the account, emits `account.updated`, redirects to the link's return_url) and the Express dashboard.
 */
export const connectRoutes: StandInRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/accounts$/,
    handle: (req: StandInRequest, state) => {
      const b = req.body;
      if (b.type !== 'express') return stripeError(400, 'Only Express accounts are created by Classlane (type=express)');
      const metadata = (b.metadata ?? {}) as Record<string, string>;
      const capabilities = (b.capabilities ?? {}) as Record<string, { requested?: string }>;
      if (capabilities.card_payments?.requested !== 'true' || capabilities.transfers?.requested !== 'true')
        return stripeError(400, 'Request the card_payments and transfers capabilities');
      const id = state.nextId('acct');
      const created: StandInObject = {
        id,
        object: 'account',
        type: 'express',
        email: typeof b.email === 'string' ? b.email : null,
        metadata,
        created: now(),
        country: 'US',
        default_currency: 'usd',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        capabilities: { card_payments: 'inactive', transfers: 'inactive' },
        requirements: {
          currently_due: [...ONBOARDING_REQUIREMENTS],
          past_due: [],
          eventually_due: [...ONBOARDING_REQUIREMENTS, 'individual.ssn_last_4'],
          disabled_reason: 'requirements.past_due',
          errors: [],
        },
      };
      state.objects.set(id, created);
      return [200, created];
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/accounts\/([^/]+)$/,
    handle: (_req, state, [id]) => {
      const a = account(state, id);
      return a ? [200, a] : notFound('account', id);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/account_links$/,
    handle: (req, state) => {
      const { account: id, type, refresh_url, return_url } = req.body as Record<string, unknown>;
      if (typeof id !== 'string' || !account(state, id)) return notFound('account', String(id));
      if (type !== 'account_onboarding' && type !== 'account_update') return stripeError(400, `Invalid type: ${String(type)}`);
      if (!isHttpUrl(return_url) || !isHttpUrl(refresh_url)) return stripeError(400, 'refresh_url and return_url must be URLs');
      const url = `${state.baseUrl}/connect/onboard/${id}?return_url=${encodeURIComponent(return_url)}&refresh_url=${encodeURIComponent(refresh_url)}`;
      return [200, { object: 'account_link', created: now(), expires_at: now() + 300, url }];
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/accounts\/([^/]+)\/login_links$/,
    handle: (_req, state, [id]) => {
      const a = account(state, id);
      if (!a) return notFound('account', id);
      if (!a.details_submitted) return stripeError(400, 'Cannot create a login link for an account that has not completed onboarding.');
      return [200, { object: 'login_link', created: now(), url: `${state.baseUrl}/connect/express/${id}` }];
    },
  },
  {
    // Stripe's hosted onboarding, reduced to "the person filled in everything": then back to the product.
    method: 'GET',
    path: /^\/connect\/onboard\/([^/]+)$/,
    browser: true,
    handle: async (req, state, [id]) => {
      const returnUrl = req.query.get('return_url');
      if (!account(state, id)) return [404, '<h1>Unknown account</h1>'];
      if (!isHttpUrl(returnUrl)) return [400, '<h1>return_url is missing</h1>'];
      await completeOnboarding(state, id);
      return [302, '', { location: returnUrl }];
    },
  },
  {
    method: 'GET',
    path: /^\/connect\/express\/([^/]+)$/,
    browser: true,
    handle: (_req, state, [id]) =>
      account(state, id)
        ? [200, `<!doctype html><title>Express dashboard</title><h1>Express dashboard of ${id}</h1>`]
        : [404, '<h1>Unknown account</h1>'],
  },
];
