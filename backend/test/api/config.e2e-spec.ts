import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { loadSettings } from '../../src/config/settings';

// Config per concern: each concern validates its own keys at boot, with the messages the start
// output has always shown, and `.env.example` lists every key the backend reads.
const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent-not-used' };

describe('config', () => {
  it('should fail fast on an invalid PORT or PLATFORM_FEE_PERCENT with the same messages as before', () => {
    expect(() => loadSettings({ ...base, PORT: 'abc' })).toThrow('PORT must be a port number, got "abc"');
    expect(() => loadSettings({ ...base, PORT: '70000' })).toThrow('PORT must be a port number, got "70000"');
    expect(() => loadSettings({ ...base, PLATFORM_FEE_PERCENT: '101' })).toThrow(
      'PLATFORM_FEE_PERCENT must be between 0 and 100, got "101"',
    );
    expect(() => loadSettings({ ...base, AUTH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      'AUTH_RATE_LIMIT_PER_MINUTE must be a whole number above 0, got "0"',
    );
    expect(() => loadSettings({ ...base, JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
  });

  it('should fail fast on invalid jobs and provider settings', () => {
    expect(() => loadSettings({ ...base, JOBS_INTERVAL_MS: '1.5' })).toThrow('JOBS_INTERVAL_MS must be a whole number above 0, got "1.5"');
    expect(() => loadSettings({ ...base, SEAT_HOLD_MINUTES: '-1' })).toThrow('SEAT_HOLD_MINUTES must be a whole number above 0, got "-1"');
    expect(() => loadSettings({ ...base, JOBS_ENABLED: 'yes' })).toThrow('JOBS_ENABLED must be true or false');
    expect(() => loadSettings({ ...base, STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE must be a URL/);
    expect(() => loadSettings({ ...base, TWILIO_API_BASE: 'not a url' })).toThrow(/TWILIO_API_BASE must be a URL/);
  });

  it('should give each concern its defaults, blank keys (as .env.example lists them) counting as unset', () => {
    const blanks = Object.fromEntries(envExampleKeys().map((k) => [k, '']));
    const s = loadSettings({ ...blanks, ...base, PORT: '3002', PLATFORM_FEE_PERCENT: '3' });
    expect(s.app).toMatchObject({
      port: 3002,
      publicUrl: 'http://localhost:3002',
      platformFeePercent: 3,
      supportEmail: null,
      authRateLimitPerMinute: 60,
      cardIntentRateLimitPerMinute: 10,
      registrationRateLimitPerMinute: 20,
      shutdownDelayMs: 0,
      shutdownTimeoutMs: 25000,
      metricsToken: null,
      metricsPort: null,
      trustProxy: 'loopback',
      keepAliveTimeoutMs: 125000,
      listenBacklog: 4096,
    });
    expect(() => loadSettings({ ...base, LISTEN_BACKLOG: '-1' })).toThrow('LISTEN_BACKLOG must be a whole number above 0, got "-1"');
    expect(() => loadSettings({ ...base, KEEP_ALIVE_TIMEOUT_MS: '75s' })).toThrow(
      'KEEP_ALIVE_TIMEOUT_MS must be a whole number above 0, got "75s"',
    );
    expect(loadSettings({ ...base, TRUST_PROXY: '172.16.0.0/12, 10.0.0.5' }).app.trustProxy).toBe('loopback,172.16.0.0/12,10.0.0.5');
    expect(() => loadSettings({ ...base, METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(() => loadSettings({ ...base, METRICS_PORT: 'x' })).toThrow('METRICS_PORT must be a port number, got "x"');
    expect(() => loadSettings({ ...base, SHUTDOWN_DELAY_MS: '5s' })).toThrow(
      'SHUTDOWN_DELAY_MS must be a whole number of milliseconds, got "5s"',
    );
    expect(loadSettings({ ...base, SHUTDOWN_DELAY_MS: '5000' }).app.shutdownDelayMs).toBe(5000);
    expect(s.database).toMatchObject({ url: null, poolSize: 10 });
    expect(s.auth).toMatchObject({ jwtExpiresIn: '12h', platformAdminUsername: 'itadmin', platformAdminPassword: null });
    expect(s.jobs).toEqual({ enabled: true, intervalMs: 5000, seatHoldMinutes: 15 });
    expect(s.stripe).toEqual({ secretKey: null, publishableKey: null, webhookSecret: null, apiBase: null, reconcileIntervalMs: 300000 });
    expect(s.twilio.apiBase).toBeNull();
    expect(s.sendgrid).toEqual({ apiKey: null, from: 'no-reply@classlane.local', apiUrl: null });
    const set = loadSettings({
      ...base,
      JOBS_ENABLED: 'false',
      JOBS_INTERVAL_MS: '250',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      TWILIO_API_BASE: 'http://127.0.0.1:12112',
    });
    expect(set.jobs).toEqual({ enabled: false, intervalMs: 250, seatHoldMinutes: 15 });
    // SEAT_HOLD_SECONDS replaces the minutes when set (a real hold lapse in a test takes seconds).
    expect(loadSettings({ ...base, SEAT_HOLD_MINUTES: '20', SEAT_HOLD_SECONDS: '3' }).jobs.seatHoldMinutes).toBe(0.05);
    expect(() => loadSettings({ ...base, CARD_INTENT_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      'CARD_INTENT_RATE_LIMIT_PER_MINUTE must be a whole number above 0, got "0"',
    );
    expect([set.stripe.apiBase, set.twilio.apiBase]).toEqual(['http://127.0.0.1:12111', 'http://127.0.0.1:12112']);
  });

  it('should list in .env.example exactly the keys the server reads, wherever it reads them', () => {
    const read = keysReadByTheServer();
    // The reader covers every way the server reads its environment (a config's env.X, positiveInt(env, 'X'), a
    // validator's property, process.env.X anywhere): keys the issue named must be found, or the scan is broken.
    for (const key of ['PORT', 'LOG_LEVEL', 'NODE_ENV', 'SEAT_HOLD_SECONDS', 'PROVIDER_TIMEOUT_MS', 'DISPATCH_BATCH_SIZE'])
      expect(read).toContain(key);
    for (const key of ['AUTH_RATE_LIMIT_PER_MINUTE', 'REGISTRATION_RATE_LIMIT_PER_MINUTE', 'STRIPE_RECONCILE_INTERVAL_MS'])
      expect(read).toContain(key);
    const documented = envExampleKeys();
    expect({ undocumented: read.filter((k) => !documented.includes(k)), unread: documented.filter((k) => !read.includes(k)) }).toEqual({
      undocumented: [],
      unread: [],
    });
  });
});

/** Every environment key the backend's own code (backend/src, tests and unit specs aside) reads. */
function keysReadByTheServer(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) files.push(full);
    }
  };
  walk(path.join(root(), 'backend', 'src'));
  const key = '([A-Z][A-Z0-9_]{2,})';
  const patterns = [
    new RegExp(`\\benv\\.${key}`, 'g'), // env.X and process.env.X
    new RegExp(`\\benv\\[['"]${key}['"]\\]`, 'g'), // env['X']
    new RegExp(`\\(env, '${key}'`, 'g'), // positiveInt(env, 'X', …)
  ];
  const read = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) read.add(m[1]);
    // A config's validator class names each key it checks as a property (`PORT?: string;`).
    if (file.includes(`${path.sep}config${path.sep}`))
      for (const m of text.matchAll(new RegExp(`^\\s+${key}\\?: string;`, 'gm'))) read.add(m[1]);
  }
  return [...read].sort();
}

function envExampleKeys(): string[] {
  const text = fs.readFileSync(path.join(root(), '.env.example'), 'utf8');
  return [...text.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
}

/** The repository root (holds .env.example), from the working directory jest runs in. */
function root(): string {
  let dir = process.cwd();
  while (!fs.existsSync(path.join(dir, '.env.example')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
