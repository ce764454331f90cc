import type { FastifyCorsOptions } from '@fastify/cors';
import { StreamableFile } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyHttpOptions, FastifyReply } from 'fastify';
import type { Server } from 'node:http';
import { corsHeadersWithoutOrigin, corsHookWithShortcut, RouteCorsOptions, withoutOrigin } from './cors';

/** Marks a controller result that already carries its own envelope fields (e.g. clone's warning). */
export class Enveloped<T> {
  constructor(
    readonly data: T,
    readonly extra: Record<string, unknown> = {},
  ) {}
}

/** Marks a raw (non-JSON) reply such as sitemap.xml: passed through untouched. */
export class RawReply {
  constructor(
    readonly body: string | Buffer,
    readonly contentType: string,
  ) {}
}

/**
 * Marks a route result whose reply is serialized by a function compiled once from a JSON schema of the whole reply
 * (fast-json-stringify, through Fastify's own reply.compileSerializationSchema, cached per route and schema) instead
 * of JSON.stringify. JSON.stringify calls each Date's toJSON through the engine's slow path: a page of 25 classes,
 * about 175 dates, cost ~600 µs to stringify against ~140 µs compiled, the largest single item of the list's CPU.
 * Every object in the schema keeps its other properties (additionalProperties), so a field added to the data but not
 * to the schema is still sent. Only successful results come here: errors keep the default serializer.
 */
export class Serialized<T> {
  constructor(
    readonly data: T,
    /** The schema of the whole envelope (see envelopeSchema); one object per route, so its compiled form is reused. */
    readonly schema: object,
  ) {}
}

/** The JSON schema of a successful reply `{ success: true, data, error: null }` around the schema of its data. */
export function envelopeSchema(data: object): object {
  return {
    type: 'object',
    properties: { success: { type: 'boolean' }, data, error: { type: 'null' } },
    additionalProperties: true,
  };
}

/**
 * Wraps every successful reply as `{ success: true, data, error: null }` (spec 1 §7): what a route handler returns,
 * on its way to Fastify. Failures never come here (the exception filters send their own envelope on the reply).
 */
export function envelope(value: unknown, reply: FastifyReply): unknown {
  if (value instanceof StreamableFile || Buffer.isBuffer(value)) return value;
  if (value instanceof RawReply) {
    // Fastify sends a string or a Buffer as is, with the type set here.
    reply.type(value.contentType);
    return value.body;
  }
  if (value instanceof Serialized) {
    // Fastify sets the JSON type itself only when it serializes with its default serializer.
    if (!reply.hasHeader('content-type')) void reply.type('application/json; charset=utf-8');
    void reply.serializer(reply.compileSerializationSchema(value.schema as never));
    return { success: true, data: value.data ?? null, error: null };
  }
  if (value instanceof Enveloped) return { success: true, data: value.data ?? null, error: null, ...value.extra };
  return { success: true, data: value ?? null, error: null };
}

/**
 * The Fastify adapter that puts route handlers' results in the envelope as Nest hands them to Fastify. Nest calls
 * `reply` only with what a route handler returned (the exception filters answer on the reply themselves); doing it
 * here rather than in a global interceptor keeps every request out of RxJS: with no interceptor Nest calls the
 * handler directly, with one it builds a chain of Observables per request.
 */
export class EnvelopeFastifyAdapter extends FastifyAdapter {
  /** The fixed CORS headers of requests without Origin (see enableCors), or null. */
  private corsWithoutOrigin: readonly [string, string][] | null = null;
  private readonly routeCors = new RouteCorsOptions();

  constructor(options?: FastifyHttpOptions<Server>) {
    // No Nest middleware (NestModule.configure, app.use) is used anywhere: every cross-cutting step is a Fastify hook.
    // Without skipMiddie the adapter registers @fastify/middie for them anyway, whose onRequest hook every request
    // passes through. Should middleware ever be added, Nest asks the instance for middie's `use` at startup and fails
    // there, loudly, rather than skipping it.
    super({ ...options, skipMiddie: true } as FastifyHttpOptions<Server>);
    this.routeCors.watch(this.getInstance());
    // Nest keeps @fastify/cors's request hook in a field that its own onRequest hook (added in the constructor, before
    // its security hook and middleware, so preflights and 404s get CORS headers) calls per request, then copies the
    // reply's CORS headers to the Node response. Both are shortcut for requests without Origin: the hook is wrapped
    // as it is stored, and the copy is skipped for them (the shortcut sets the headers on the Node response itself).
    let corsHook: unknown;
    Object.defineProperty(this, 'corsHook', {
      configurable: true,
      enumerable: true,
      get: () => corsHook,
      set: (hook: unknown) => {
        corsHook =
          typeof hook === 'function' && this.corsWithoutOrigin
            ? corsHookWithShortcut(hook as never, this.corsWithoutOrigin, this.routeCors)
            : hook;
      },
    });
    const copy = (FastifyAdapter.prototype as unknown as { copyCorsHeadersToRaw: (reply: FastifyReply) => void }).copyCorsHeadersToRaw;
    Object.defineProperty(this, 'copyCorsHeadersToRaw', {
      configurable: true,
      value: (reply: FastifyReply) => {
        if (this.corsWithoutOrigin && withoutOrigin(reply.request, this.routeCors)) return;
        copy.call(this, reply);
      },
    });
  }

  override enableCors(options?: FastifyCorsOptions): void {
    this.corsWithoutOrigin = corsHeadersWithoutOrigin(options);
    super.enableCors(options);
  }

  override reply(response: FastifyReply, body: unknown, statusCode?: number) {
    return super.reply(response, envelope(body, response), statusCode);
  }
}
