import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';

/**
 * docker-compose.yml and deploy/Caddyfile cannot be run here (no Docker engine), so they are checked as text: every
 * setting they give the app is one the app reads, the load balancer sends traffic to exactly the app services on the
 * port they listen on and asks their readiness, and the drain fits in the grace period.
 */
const root = path.resolve(process.cwd(), fs.existsSync(path.join(process.cwd(), 'src', 'main.ts')) ? '..' : '.');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');

interface Service {
  build?: string;
  image?: string;
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
}

async function loadCompose(): Promise<{ services: Record<string, Service> }> {
  // js-yaml comes with the test tooling (jest); no types are installed for it, and a parser is all this needs.
  const name = 'js-yaml';
  const yaml = (await import(name)) as { load?: (s: string) => unknown; default?: { load: (s: string) => unknown } };
  const load = yaml.load ?? yaml.default!.load;
  return load(read('docker-compose.yml')) as { services: Record<string, Service> };
}

/** Every environment variable name the backend's source reads (`env.X`, `env['X']`, validator fields). */
function namesTheAppReads(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.ts')) for (const m of fs.readFileSync(full, 'utf8').matchAll(/\b[A-Z][A-Z0-9_]+\b/g)) names.add(m[0]);
    }
  };
  walk(path.join(root, 'backend', 'src'));
  return names;
}

describe('docker-compose.yml and the Caddyfile', () => {
  it('should give the app only settings it reads, run the load balancer over exactly the app services, and fit the drain in the grace period', async () => {
    const { services } = await loadCompose();
    const apps = Object.entries(services).filter(([, s]) => s.build === '.');
    expect(apps.map(([n]) => n).sort()).toEqual(['app1', 'app2']);
    expect(fs.existsSync(path.join(root, 'Dockerfile'))).toBe(true);

    const known = namesTheAppReads();
    for (const [, app] of apps) {
      const env = app.environment!;
      expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
      // The database URL names the compose database service with its user and database.
      const db = services.db.environment!;
      const url = new URL(String(env.DATABASE_URL).replace('${POSTGRES_PASSWORD:-classlane}', 'x'));
      expect([url.hostname, url.username, url.pathname.slice(1)]).toEqual(['db', db.POSTGRES_USER, db.POSTGRES_DB]);
      // The container health check asks the app on its own port.
      expect(app.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${env.PORT}/api/health/`);
      // Metrics stay inside the compose network.
      expect(app.ports ?? []).toEqual([]);
      // The drain (readiness 503 for the delay, then requests in flight) ends before Docker kills the process.
      const grace = Number(/^(\d+)s$/.exec(app.stop_grace_period!)![1]) * 1000;
      expect(Number(env.SHUTDOWN_DELAY_MS) + Number(env.SHUTDOWN_TIMEOUT_MS)).toBeLessThan(grace);
    }

    const lb = Object.values(services).find((s) => s.volumes?.some((v) => v.includes('Caddyfile')))!;
    const mount = lb.volumes!.find((v) => v.includes('Caddyfile'))!.split(':')[0];
    const caddy = read(mount);
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddy)![1].trim().split(/\s+/).sort();
    expect(upstreams).toEqual(apps.map(([n, s]) => `${n}:${s.environment!.PORT}`).sort());
    // Traffic only to ready instances, checked more often than the drain's delay lasts.
    expect(/health_uri\s+(\S+)/.exec(caddy)![1]).toBe('/api/health/ready');
    const interval = Number(/health_interval\s+(\d+)s/.exec(caddy)![1]) * 1000;
    for (const [, app] of apps) expect(interval).toBeLessThan(Number(app.environment!.SHUTDOWN_DELAY_MS));
  });
});
