import { afterEach, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { gracefulShutdown, ShutdownState } from '../../src/common/http/shutdown';
import { createClass, createOrg, registerBody } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

// When an instance stops accepting, the connections it has already accepted are its to serve. A load balancer opens
// a connection and writes its request at once; if the instance closes between the two, the drain used to see no
// request in flight and close the app at once: the request got a 503, or a reset once the process had exited with it
// unread (the balancer's ECONNRESET for a registration in a rolling restart). The drain now waits for it and serves
// it, and closes the idle kept-alive connections.

/** One raw connection, so the test decides exactly when its request is written. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  let error: string | null = null;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    received += d;
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', (e: NodeJS.ErrnoException) => {
    error = e.code ?? String(e);
  });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((r) => waiters.push(r));
  };
  return {
    ready: new Promise<void>((r) => socket.once('connect', () => r())),
    send: (text: string) => socket.write(text),
    /** Everything the server sent until it closed the connection, and the socket error if any. */
    async untilClosed(): Promise<{ received: string; error: string | null }> {
      await until(() => closed);
      return { received, error };
    },
    async reply(): Promise<string> {
      await until(() => /\r\n\r\n/.test(received) || closed);
      return received;
    },
    closed: () => closed,
    destroy: () => socket.destroy(),
  };
}

const post = (path: string, body: unknown, connectionHeader: string) => {
  const text = JSON.stringify(body);
  return (
    `POST ${path} HTTP/1.1\r\nHost: classlane.test\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: ${connectionHeader}\r\n\r\n${text}`
  );
};
const GET_LIVE = 'GET /api/health/live HTTP/1.1\r\nHost: classlane.test\r\nConnection: keep-alive\r\n\r\n';

async function until(check: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
  });

describe('shutdown: the connections an instance already accepted', () => {
  let t: TestApp | null = null;
  const env = { ...process.env };
  afterEach(async () => {
    // gracefulShutdown closes the app itself; a test that failed before it still leaves one to close.
    if (t && t.app.getHttpServer().listening) await t.close();
    t = null;
    process.env = { ...env };
  });

  it('should answer a request that arrives after the close on a connection accepted before it, and close idle kept-alive connections', async () => {
    t = await createTestApp();
    const org = await createOrg(t, { plan: 'professional' });
    const cls = await createClass(t, org, { maxStudents: 50 });
    await t.app.listen(0, '127.0.0.1');
    const server = t.app.getHttpServer();
    const port = (server.address() as AddressInfo).port;
    const state = t.app.get(ShutdownState);

    // A kept-alive connection that has served a request and now idles (a balancer's pooled connection).
    const pooled = connection(port);
    await pooled.ready;
    pooled.send(GET_LIVE);
    expect(await pooled.reply()).toMatch(/^HTTP\/1\.1 200/);

    // A connection the balancer opened just before it saw the instance draining: accepted, its request not yet read.
    const opened = connection(port);
    await opened.ready;
    await until(() => state.connections.size === 2);

    // The grace is long here so that a slow machine cannot make the test late for it.
    const draining = gracefulShutdown(t.app, { delayMs: 100, timeoutMs: 20_000, firstRequestGraceMs: 10_000 });
    await until(() => !server.listening);
    expect(await refused(port)).toBe('ECONNREFUSED');

    // The request arrives after the close: it is answered, and the reply closes the connection.
    const body = registerBody(org.orgId, cls.id);
    opened.send(post('/api/students/register', body, 'keep-alive'));
    // The idle pooled connection is closed by the drain, without a request.
    const pooledEnd = await pooled.untilClosed();
    expect(pooledEnd.error).toBeNull();
    const { received, error } = await opened.untilClosed();
    expect(error).toBeNull();
    expect(received).toMatch(/^HTTP\/1\.1 201/);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);

    const drained = await draining;
    expect(drained.finished).toBe(true);
    const { Client } = await import('pg');
    const db = new Client({ connectionString: t.url });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.class_id = $1 AND s.email = $2`,
        [cls.id, body.email],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
  }, 60_000);

  it('should not wait past the grace for a connection that never sends a request', async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    const server = t.app.getHttpServer();
    const port = (server.address() as AddressInfo).port;
    const state = t.app.get(ShutdownState);
    // A browser's speculative connection: opened, never used.
    const silent = connection(port);
    await silent.ready;
    await until(() => state.connections.size === 1);

    const started = Date.now();
    const drained = await gracefulShutdown(t.app, { delayMs: 0, timeoutMs: 10_000, firstRequestGraceMs: 300 });
    const took = Date.now() - started;
    expect(drained.finished).toBe(true);
    // Waited for it (the grace), then closed it: well short of the 10 s timeout.
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(5_000);
    await silent.untilClosed();
    expect(silent.closed()).toBe(true);
  }, 60_000);
});
