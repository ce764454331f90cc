import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';

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

/** Wraps every successful reply as `{ success: true, data, error: null }` (spec 1 §7). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value) => {
        if (value instanceof StreamableFile || Buffer.isBuffer(value)) return value;
        if (value instanceof RawReply) {
          // Fastify sends a string or a Buffer as is, with the type set here.
          ctx.switchToHttp().getResponse<FastifyReply>().type(value.contentType);
          return value.body;
        }
        if (value instanceof Enveloped) return { success: true, data: value.data ?? null, error: null, ...value.extra };
        return { success: true, data: value ?? null, error: null };
      }),
    );
  }
}
