import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { desktopPartFiles } from './desktop-parts';
import { E2E_PORT, STRIPE_E2E } from './stripe-env';

/**
 * Whole-system tests in the OS Chromium against the production build served by the backend, on a
 * fresh embedded PostgreSQL seeded with the demo organization (STYLE.md §8: workers 1, shared DB).
 * Stripe is live in the run: the backend's SDK talks to the Stripe stand-in (its own process on E2E_PORT + 1,
 * started first), which delivers signed webhooks to the app. Stripe.js is never reachable here: a spec that
 * needs it serves the test double (stripe-js-double.ts); otherwise it fails to load, as offline.
 */
const PORT = E2E_PORT;
const root = path.resolve(__dirname, '..', '..');
// One data directory per port, so runs on different ports never delete each other's database.
const dataDir = path.join(root, '.tmp', `e2e-data-${PORT}`);

// `npm test` runs the desktop project in parts side by side (E2E_PART=k/n; see desktop-parts.ts): this part's files.
const desktopPart = process.env.E2E_PART
  ? desktopPartFiles(__dirname, process.env.E2E_PART).map((f) => new RegExp(`/${f.replace(/[.]/g, '\\.')}$`))
  : undefined;

export const chromiumLaunch = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: __dirname,
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // One per port too: `npm test` runs the desktop and the phone project side by side, and each run empties its own.
  outputDir: path.join(root, '.tmp', `test-results-${PORT}`),
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunch },
      ...(desktopPart ? { testMatch: desktopPart } : {}),
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      // What these check does not depend on the screen (SEO heads, the API reference, the Stripe wiring, the IT-admin
      // portal and the subscription checkout, both desk work): the phone project would repeat them for nothing. The
      // teacher session screen sets a phone's viewport, touch and isMobile itself, so the desktop project already runs
      // it as on a phone.
      testIgnore: /(public-seo|api-docs|stripe-wiring|it-admin|admin-subscription|teacher-session)\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: 'node test/e2e/stripe-stand-in.mjs',
      cwd: root,
      // Unauthenticated, the stand-in answers 401 as Stripe does: enough to know it is up.
      url: `${STRIPE_E2E.standInUrl}/v1/events`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        STRIPE_STAND_IN_PORT: String(STRIPE_E2E.standInPort),
        STRIPE_WEBHOOK_URL: STRIPE_E2E.webhookUrl,
        STRIPE_WEBHOOK_SECRET: STRIPE_E2E.webhookSecret,
      },
    },
    {
      command: `rm -rf "${dataDir}" && node backend/dist/main.js`,
      cwd: root,
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        // Each lane's database on a port of its own (54100 for 3100, 54110 for 3110): lanes start at the same moment.
        EMBEDDED_DB_PORT: String(54000 + (PORT % 1000)),
        SEED_DEMO: 'true',
        LOG_REQUESTS: 'false',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // Every browser of the run (workers, retries, --repeat-each) comes from one IP.
        CARD_INTENT_RATE_LIMIT_PER_MINUTE: '1000',
        REGISTRATION_RATE_LIMIT_PER_MINUTE: '100000',
        PLATFORM_ADMIN_PASSWORD: 'e2e-staff-password',
        // The widget spec's host pages are plain-http local servers: allow them among the embed domains.
        EMBED_ALLOW_LOCAL_HTTP: 'true',
        PUBLIC_URL: `http://localhost:${PORT}`,
        STRIPE_SECRET_KEY: STRIPE_E2E.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE_E2E.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE_E2E.webhookSecret,
        STRIPE_API_BASE: STRIPE_E2E.standInUrl,
      },
    },
  ],
});
