#!/usr/bin/env node
/**
 * Runs the Stripe stand-in (backend/test/stand-ins/stripe.stand-in.ts) as a process: the e2e run starts it
 * before the backend (playwright.config.ts), and a newcomer without Stripe test keys can run it beside a local
 * backend the same way.
 *
 *   STRIPE_STAND_IN_PORT=12111 \
 *   STRIPE_WEBHOOK_URL=http://localhost:3000/api/webhooks/stripe STRIPE_WEBHOOK_SECRET=whsec_local \
 *   node test/e2e/stripe-stand-in.mjs
 *
 * then start the backend with STRIPE_API_BASE=http://127.0.0.1:12111, STRIPE_SECRET_KEY=sk_test_…,
 * STRIPE_PUBLISHABLE_KEY=pk_test_… and the same STRIPE_WEBHOOK_SECRET.
 *
 * It answers with the shapes of the pinned SDK's API version (a Charge has no `refunds` unless expanded; a payment's
 * refunds come from `GET /v1/refunds?payment_intent=`). What a person does in the Stripe dashboard is a POST without a
 * key, e.g. a refund: `curl -d amount=1500 http://127.0.0.1:12111/_test/payment_intents/pi_…/refund` (add
 * `-d status=pending` for one that is not final yet, then `POST /_test/refunds/re_…/succeeded` or `/failed`).
 * A dispute of a paid charge: `POST /_test/payment_intents/pi_…/dispute` (optional `amount`, `reason`), decided by
 * `POST /_test/disputes/dp_…/won` or `/lost`. A bank debit (`pm_usBankAccount`) settles with
 * `POST /_test/payment_intents/pi_…/settle/succeeded` or `/failed`; a saved method for off-session charges:
 * `POST /_test/customers/cus_…/payment_methods` with `payment_method=pm_card_visa` (or another of Stripe's test ids).
 *
 * The stand-in is TypeScript and Node 20 cannot run TypeScript: each .ts file is compiled to CommonJS by swc
 * (already installed for the backend's tests) as it is required. No build step, nothing written to disk.
 */
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import { transformSync } from '@swc/core';

const require = createRequire(import.meta.url);
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};

const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 12111);
const webhookUrl = process.env.STRIPE_WEBHOOK_URL;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;

async function main() {
  const { startStripeStandIn } = require('../../backend/test/stand-ins/stripe.stand-in.ts');
  const standIn = await startStripeStandIn({ port });
  if (webhookUrl && webhookSecret) standIn.state.webhook = { url: webhookUrl, secret: webhookSecret };
  console.log(`Stripe stand-in listening on ${standIn.url}${webhookUrl ? `, webhooks to ${webhookUrl}` : ''}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
