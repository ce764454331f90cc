import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../setup/test-app';

// A load balancer keeps idle connections to an instance and reuses them until its own idle timeout (Caddy: 2
// minutes). If the instance closes one first, a request the balancer sends on it as it closes fails, and for a POST
// (a registration) no proxy sends it again. So the instance keeps idle connections open for KEEP_ALIVE_TIMEOUT_MS,
// 125 s by default, and says so in each reply's Keep-Alive header.

/** One raw keep-alive connection, so the test knows exactly which socket each request goes on. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffered = '';
  let closedAt: number | null = null;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    buffered += d;
    wake();
  });
  socket.on('end', () => {
    closedAt ??= Date.now();
    wake();
  });
  socket.on('close', () => {
    closedAt ??= Date.now();
    wake();
  });
  socket.on('error', () => undefined);
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((r) => waiters.push(r));
  };
  return {
    ready: new Promise<void>((r) => socket.once('connect', () => r())),
    /** GET /api/health/live on this connection: the reply's head and body. */
    async get(): Promise<{ head: string; body: string }> {
      buffered = '';
      socket.write('GET /api/health/live HTTP/1.1\r\nHost: classlane.test\r\nConnection: keep-alive\r\n\r\n');
      let length = -1;
      await until(() => {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return closedAt !== null;
        length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
        return buffered.length >= end + 4 + length || closedAt !== null;
      });
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) throw new Error('The connection closed without a reply');
      return { head: buffered.slice(0, end), body: buffered.slice(end + 4, end + 4 + length) };
    },
    closed: () => closedAt !== null,
    destroy: () => socket.destroy(),
  };
}

async function listening(t: TestApp): Promise<number> {
  await t.app.listen(0, '127.0.0.1');
  return (t.app.getHttpServer().address() as AddressInfo).port;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('HTTP keep-alive', () => {
  describe('by default', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp();
      port = await listening(t);
    });
    afterAll(async () => {
      await t.close();
    });

    it('should keep an idle connection open longer than Caddy reuses one (2 minutes), and say so', async () => {
      const c = connection(port);
      await c.ready;
      try {
        const first = await c.get();
        expect(first.head).toMatch(/^HTTP\/1\.1 200/);
        // The announced timeout: 125 s (Fastify's own 72 s would let Caddy reuse a connection the instance closed).
        expect(first.head).toMatch(/\r\nkeep-alive: timeout=125(\r\n|$)/i);
        // Idle longer than Node's own default (5 s, plus the 1 s it adds), the same connection still answers.
        await sleep(6_500);
        expect(c.closed()).toBe(false);
        const second = await c.get();
        expect(second.head).toMatch(/^HTTP\/1\.1 200/);
      } finally {
        c.destroy();
      }
    }, 20_000);
  });

  describe('with KEEP_ALIVE_TIMEOUT_MS set', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp({ KEEP_ALIVE_TIMEOUT_MS: '2000' });
      port = await listening(t);
    });
    afterAll(async () => {
      await t.close();
    });

    it('should keep an idle connection for that long, then close it', async () => {
      const c = connection(port);
      await c.ready;
      try {
        const first = await c.get();
        expect(first.head).toMatch(/\r\nkeep-alive: timeout=2(\r\n|$)/i);
        await sleep(1_000);
        expect(c.closed()).toBe(false);
        expect((await c.get()).head).toMatch(/^HTTP\/1\.1 200/);
        // Node closes an idle connection 1 s after the announced timeout (its margin for clients that reuse one
        // just before): by 2 s + 1 s + slack it has.
        await sleep(4_500);
        expect(c.closed()).toBe(true);
      } finally {
        c.destroy();
      }
    }, 20_000);
  });
});
