import { Injectable, Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Whether this instance is draining (SIGTERM received: /api/health/ready answers 503 so the load balancer stops
 * sending it traffic) and how many requests it is answering right now (the drain waits for them).
 */
@Injectable()
export class ShutdownState {
  private drainingSince: number | null = null;
  private closing = false;
  private inFlight = 0;
  /** The open HTTP connections (installInFlightTracking keeps the set). */
  readonly connections = new Set<Socket>();

  get isDraining(): boolean {
    return this.drainingSince !== null;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Past the drain delay: no new connection is accepted, and each reply closes its connection. */
  get isClosing(): boolean {
    return this.closing;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  stopTakingRequests(): void {
    this.startDraining();
    this.closing = true;
  }

  requestStarted(): void {
    this.inFlight++;
  }

  requestEnded(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }
}

/**
 * Counts each request from its first hook until its response is finished or its connection dropped ('close' on
 * the raw response fires either way, exactly once): one counter and one listener per request. Once the instance
 * is closing, each reply says `Connection: close`, so a kept-alive connection carries at most one more request.
 * That request is still answered: the load balancer sent it before it saw the instance draining, and a balancer
 * passes a 503 on to the client rather than sending a POST (a registration) to another instance.
 */
export function installInFlightTracking(instance: FastifyInstance, state: ShutdownState): void {
  // One listener made once and added with on(), not once(): a response closes exactly once, and once() wraps the
  // listener in a new function per request and removes it again when it fires.
  const ended = () => state.requestEnded();
  instance.addHook('onRequest', (_request, reply, done) => {
    if (state.isClosing) void reply.header('Connection', 'close');
    state.requestStarted();
    reply.raw.on('close', ended);
    done();
  });
  // The open connections, so the close can wait for one whose first request is still on its way. One Set entry per
  // connection, nothing per request.
  instance.server.on('connection', (socket: Socket) => {
    state.connections.add(socket);
    socket.once('close', () => state.connections.delete(socket));
  });
}

export interface ShutdownOptions {
  /** How long to keep answering normally with /api/health/ready at 503, so the load balancer takes the instance out. */
  delayMs: number;
  /** The longest wait for requests in flight before closing anyway. */
  timeoutMs: number;
  /** How long a connection accepted before the close may take to send its first request (1 s unless set). */
  firstRequestGraceMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The SIGTERM sequence (main.ts; the drain tests call it too):
 * 1. Readiness goes 503 while the instance keeps accepting and answering for `delayMs`: the load balancer's time to
 *    notice and stop sending it anything new.
 * 2. The listening socket closes: a new connection is refused (a balancer tries the other instance). Linux resets a
 *    connection still waiting in the kernel's accept queue at that moment, and Node has no way to stop new ones
 *    joining the queue while it takes the queued ones out. The delay is what keeps the queue empty by then (nothing
 *    new arrives once the balancer has stopped sending); the close also runs right after Node's poll phase, which
 *    accepts everything queued.
 * 3. Every connection already accepted is served. A request in flight finishes. A connection whose first request
 *    has not been read yet (opened just before the balancer noticed) gets up to `firstRequestGraceMs` to deliver it,
 *    and it is answered normally with `Connection: close`. Without that wait, the drain saw no request in flight and
 *    closed the app at once: such a request got a 503, or, once the process had exited with it unread, a reset (the
 *    balancer's ECONNRESET for a registration it had sent). Idle kept-alive connections carry nothing and are closed.
 * 4. After up to `timeoutMs` for the requests in flight, Nest closes, which waits for each job's run in flight (its
 *    claims and leases are settled by that run) before the database pool closes.
 */
export async function gracefulShutdown(
  app: NestFastifyApplication,
  opts: ShutdownOptions,
): Promise<{ inFlightAtClose: number; finished: boolean }> {
  const logger = new Logger('Shutdown');
  const state = app.get(ShutdownState);
  state.startDraining();
  if (opts.delayMs > 0) await sleep(opts.delayMs);
  await new Promise((r) => setImmediate(r));
  state.stopTakingRequests();
  const server = app.getHttpServer() as Server;
  if (server.listening) server.close();
  const inFlightAtClose = state.requestsInFlight;
  const closedAt = Date.now();
  const grace = Math.min(opts.firstRequestGraceMs ?? 1000, opts.timeoutMs);
  const silent = () => [...state.connections].filter((s) => s.bytesRead === 0 && !s.destroyed);
  let finished = false;
  for (;;) {
    const elapsed = Date.now() - closedAt;
    // Node counts a connection as busy from its accept until its first reply, so this closes only kept-alive
    // connections between requests; a reply given since the close has closed its own (Connection: close).
    server.closeIdleConnections?.();
    // Past the grace, a connection that has still not sent a byte is a browser's spare one: nothing to lose.
    const waiting = silent();
    if (elapsed >= grace) for (const s of waiting.splice(0)) s.destroy();
    if (!waiting.length && state.requestsInFlight === 0) {
      finished = true;
      break;
    }
    if (elapsed >= opts.timeoutMs) break;
    await sleep(20);
  }
  if (!finished) logger.warn(`${state.requestsInFlight} request(s) still in flight after ${opts.timeoutMs} ms; closing anyway`);
  await app.close();
  return { inFlightAtClose, finished };
}
