import { Injectable, Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';

/**
 * Whether this instance is draining (SIGTERM received: /api/health/ready answers 503 so the load balancer stops
 * sending it traffic) and how many requests it is answering right now (the drain waits for them).
 */
@Injectable()
export class ShutdownState {
  private drainingSince: number | null = null;
  private closing = false;
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  get isDraining(): boolean {
    return this.drainingSince !== null;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Past the drain delay: requests are no longer taken (answered 503, Connection: close). */
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
    if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves true once no request is in flight, or false after `timeoutMs` with some still going. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/** What a request that reaches a closing instance gets (a load balancer or client tries another instance). */
export const SHUTTING_DOWN = 'This server is restarting. Please try again.';

/**
 * Counts each request from its first hook until its response is finished or its connection dropped ('close' on
 * the raw response fires either way, exactly once): one counter and one listener per request. Once the instance
 * is closing, a request arriving on a kept-alive connection is answered 503 with Connection: close instead.
 */
export function installInFlightTracking(instance: FastifyInstance, state: ShutdownState): void {
  // One listener made once and added with on(), not once(): a response closes exactly once, and once() wraps the
  // listener in a new function per request and removes it again when it fires.
  const ended = () => state.requestEnded();
  instance.addHook('onRequest', (_request, reply, done) => {
    if (state.isClosing) {
      void reply.header('Connection', 'close').code(503).send({ success: false, data: null, error: SHUTTING_DOWN });
      return;
    }
    state.requestStarted();
    reply.raw.on('close', ended);
    done();
  });
}

export interface ShutdownOptions {
  /** How long to keep answering normally with /api/health/ready at 503, so the load balancer takes the instance out. */
  delayMs: number;
  /** The longest wait for requests in flight before closing anyway. */
  timeoutMs: number;
}

/**
 * The SIGTERM sequence (main.ts; the drain test calls it too): readiness goes 503; after `delayMs` the instance stops
 * accepting connections and answers any further request on an open connection with 503 and `Connection: close` (a
 * load balancer retries it elsewhere); requests already being answered finish; then Nest closes, which waits for
 * each job's run in flight (its claims and leases are settled by that run) before the database pool closes.
 */
export async function gracefulShutdown(
  app: NestFastifyApplication,
  opts: ShutdownOptions,
): Promise<{ inFlightAtClose: number; finished: boolean }> {
  const logger = new Logger('Shutdown');
  const state = app.get(ShutdownState);
  state.startDraining();
  if (opts.delayMs > 0) await new Promise((r) => setTimeout(r, opts.delayMs));
  state.stopTakingRequests();
  const server = app.getHttpServer() as Server;
  if (server.listening) server.close();
  // Idle keep-alive connections would otherwise hold the server open until Nest destroys them below.
  server.closeIdleConnections?.();
  const inFlightAtClose = state.requestsInFlight;
  const finished = await state.whenIdle(opts.timeoutMs);
  if (!finished) logger.warn(`${state.requestsInFlight} request(s) still in flight after ${opts.timeoutMs} ms; closing anyway`);
  await app.close();
  return { inFlightAtClose, finished };
}
