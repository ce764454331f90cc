import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { map, type Observable } from 'rxjs';

/** Marks a controller result that already carries its own envelope fields (e.g. clone's warning). */
export class Enveloped<T> {
  constructor(readonly data: T, readonly extra: Record<string, unknown> = {}) {}
}

/** Marks a raw (non-JSON) reply such as sitemap.xml: passed through untouched. */
export class RawReply {
  constructor(readonly body: string | Buffer, readonly contentType: string) {}
}

/** Wraps every successful reply as `{ success: true, data, error: null }` (spec 1 §7). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value) => {
        if (value instanceof StreamableFile || Buffer.isBuffer(value)) return value;
        if (value instanceof RawReply) {
          // Bytes go out as a stream (Nest would JSON-encode a Buffer); text is sent as is.
          if (Buffer.isBuffer(value.body)) return new StreamableFile(value.body, { type: value.contentType, length: value.body.length });
          ctx.switchToHttp().getResponse().type(value.contentType);
          return value.body;
        }
        if (value instanceof Enveloped) return { success: true, data: value.data ?? null, error: null, ...value.extra };
        return { success: true, data: value ?? null, error: null };
      }),
    );
  }
}
