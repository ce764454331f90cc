import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';

/**
 * Whole-system tests in the OS Chromium against the production build served by the backend, on a
 * fresh embedded PostgreSQL seeded with the demo organization (STYLE.md §8: workers 1, shared DB).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(__dirname, '..', '..');
// One data directory per port, so runs on different ports never delete each other's database.
const dataDir = path.join(root, '.tmp', `e2e-data-${PORT}`);

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
  outputDir: path.join(root, '.tmp', 'test-results'),
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunch } },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch } },
  ],
  webServer: {
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
      SEED_DEMO: 'true',
      LOG_REQUESTS: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      PLATFORM_ADMIN_PASSWORD: 'e2e-staff-password',
      PUBLIC_URL: `http://localhost:${PORT}`,
    },
  },
});
