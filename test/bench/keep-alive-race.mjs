#!/usr/bin/env node
// `node test/bench/keep-alive-race.mjs`: why the opening bench's browser client saw UND_ERR_SOCKET ('other side
// closed') on GETs and POSTs, shown on one connection in about a minute.
//
// A server closes an idle keep-alive connection after its keepAliveTimeout (Fastify announces it in the Keep-Alive
// header; Node closes 1 s after the announced time). undici, under Node's fetch, keeps an idle connection until 2 s
// before the announced time. That 3 s margin is measured on two clocks: the server's starts when it writes the reply,
// the client's when its event loop gets round to reading it. A client process whose event loop runs seconds late (the
// bench's 3,000 clients on two busy cores) starts its clock late, still counts the connection as open when the server
// has closed it, and sends its next request into the closed connection before it has read the server's FIN.
//
// Here a server (its own process, keepAliveTimeout SERVER_MS) answers one request while the client is busy for
// LAG_MS (the reply waits unread). Later the client is busy again across the moment the server closes the idle
// connection, and then sends its next request at once, the server's FIN still unread. Measured on Node 20 (its fetch
// is undici 6.24): Node's fetch fails every GET and POST so sent; the undici 7 pool the bench now uses does not, with
// its own idle timeout or with a short one, and sends no request twice (the server's POST count says so). The bench's
// pool also closes idle connections after 20 s, 50 s inside the server's timeout, so a lag of that size would be
// needed before such a race could even start.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const SERVER_MS = 6000;
const LAG_MS = 5000;
const CLIENT_IDLE_MS = 500;
const TRIALS = 2;

if (process.argv[2] === 'server') {
  const fastify = createRequire(import.meta.url)('fastify')({ keepAliveTimeout: SERVER_MS });
  // The reply leaves after 150 ms, while the client is already busy; its time is what the server's idle clock counts from.
  let posts = 0;
  process.on('message', () => process.send({ posts }));
  fastify.addHook('onRequest', async (req) => void (req.method === 'POST' && (posts += 1)));
  fastify.all('/x', async () => (await new Promise((r) => setTimeout(r, 150)), { at: Date.now() }));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  process.send(fastify.server.address().port);
} else {
  const server = fork(fileURLToPath(import.meta.url), ['server']);
  const port = await new Promise((r) => server.once('message', r));
  const busy = (ms) => {
    for (const end = Date.now() + ms; Date.now() < end;);
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const url = `http://127.0.0.1:${port}/x`;
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
  // Node's fetch first: importing the undici package below replaces the dispatcher Node's fetch uses.
  const clients = {
    "GET, Node's fetch as the bench used it": () => fetch(url).then((r) => r.json()),
    "POST, Node's fetch": () => fetch(url, post).then((r) => r.json()),
  };
  const pools = [];
  const poolClient = async (method, options) => {
    const { Pool } = await import('undici');
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 1, ...options });
    pools.push(pool);
    return () => pool.request({ path: '/x', ...(method === 'POST' ? post : { method }) }).then((r) => r.body.json());
  };
  const results = {};
  const lazy = {
    'GET, undici pool, its own idle timeout': () => poolClient('GET', {}),
    'POST, undici pool, its own idle timeout': () => poolClient('POST', {}),
    [`GET, undici pool closing idle connections after ${CLIENT_IDLE_MS} ms (as the bench now does)`]: () =>
      poolClient('GET', { keepAliveTimeout: CLIENT_IDLE_MS, keepAliveMaxTimeout: CLIENT_IDLE_MS }),
    [`POST, undici pool closing idle connections after ${CLIENT_IDLE_MS} ms`]: () =>
      poolClient('POST', { keepAliveTimeout: CLIENT_IDLE_MS, keepAliveMaxTimeout: CLIENT_IDLE_MS }),
  };
  for (const name of [...Object.keys(clients), ...Object.keys(lazy)]) {
    const get = clients[name] ?? (await lazy[name]());
    results[name] = { failures: 0, trials: TRIALS, errors: [] };
    for (let i = 0; i < TRIALS; i++) {
      const first = get();
      // The server answers at ~150 ms; the client's loop is busy until LAG_MS, so it reads the reply that late.
      await sleep(50);
      busy(LAG_MS);
      const { at } = await first;
      // The server closes the connection at `at` + SERVER_MS + 1 s (Node's margin). The client, busy again from 400 ms
      // before that to 600 ms after, then sends the next request at once, the FIN still unread.
      const closesAt = at + SERVER_MS + 1000;
      await sleep(closesAt - 400 - Date.now());
      busy(1000);
      const next = get().then(
        () => null,
        (e) => e,
      );
      const e = await next;
      if (e) {
        results[name].failures += 1;
        results[name].errors.push(`${e?.cause?.code ?? e?.code}: ${e?.cause?.message ?? e?.message}`);
      }
    }
  }
  // Every POST the clients sent and did not see fail reached the server once; none was sent twice behind their back.
  server.send('count');
  const { posts } = await new Promise((r) => server.once('message', r));
  const answered = Object.entries(results)
    .filter(([name]) => name.startsWith('POST'))
    .reduce((n, [, r]) => n + 2 * r.trials - r.failures, 0);
  console.log(
    JSON.stringify(
      { serverKeepAliveMs: SERVER_MS, clientLagMs: LAG_MS, results, postsAnswered: answered, postsTheServerSaw: posts },
      null,
      2,
    ),
  );
  await Promise.all(pools.map((p) => p.close()));
  server.kill();
}
