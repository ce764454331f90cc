import type { FastifyInstance, FastifyRequest } from 'fastify';

type Done = (err: Error | null, body?: unknown) => void;

/** Beacon bodies are small: a larger one is not a page's. */
export const BEACON_BODY_LIMIT = 8 * 1024;
/** The analytics beacon's route, under the API prefix. */
export const BEACON_PATH = '/analytics/events';

/** '100kb' / '1mb' / '512' (bytes), as BODY_LIMIT is written, to a byte count. */
export function byteSize(value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb)?\s*$/i.exec(value);
  if (!m) throw new Error(`Cannot read the size ${JSON.stringify(value)} (use e.g. 100kb)`);
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[(m[2] ?? 'b').toLowerCase() as 'b' | 'kb' | 'mb'];
  return Math.floor(Number(m[1]) * unit);
}

/** A 4xx the exception filter answers with its status and message (a body-parser failure). */
function clientError(status: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode: status, status, expose: true });
}

/** Fastify's own JSON parser (prototype-poisoning checks included), except that an empty body is {} as on Express. */
export function jsonBodyParser(instance: FastifyInstance) {
  const parse = instance.getDefaultJsonParser('error', 'error');
  return (req: FastifyRequest, body: Buffer, done: Done) => {
    if (body.length === 0) return done(null, {});
    parse(req, body.toString('utf8'), done);
  };
}

/**
 * sendBeacon posts a string as text/plain (no CORS preflight): read as JSON on the beacon route only, within
 * BEACON_BODY_LIMIT. On every other route a text/plain body is ignored (as Express, which parsed only JSON there).
 */
export function beaconBodyParser(instance: FastifyInstance, beaconUrl: string) {
  const json = jsonBodyParser(instance);
  return (req: FastifyRequest, body: Buffer, done: Done) => {
    if (req.routeOptions.url !== beaconUrl) return done(null, undefined);
    if (body.length > BEACON_BODY_LIMIT) return done(clientError(413, 'Request body is too large'));
    json(req, body, done);
  };
}
