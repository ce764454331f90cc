/**
 * The Stripe settings of the e2e run, shared by playwright.config.ts (which starts the stand-in and gives the
 * backend these keys) and the specs (which talk to the stand-in, e.g. through the Stripe.js test double).
 * The stand-in listens on E2E_PORT + 1, so parallel runs on different ports never meet.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export const STRIPE_E2E = {
  secretKey: 'sk_test_e2e_classlane',
  publishableKey: 'pk_test_e2e_classlane',
  webhookSecret: 'whsec_e2e_classlane',
  standInPort: E2E_PORT + 1,
  standInUrl: `http://127.0.0.1:${E2E_PORT + 1}`,
  webhookUrl: `http://localhost:${E2E_PORT}/api/webhooks/stripe`,
} as const;
