import { Injectable, type ArgumentMetadata, type Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countRateLimit, RateLimitGuard } from '../../common/http/rate-limit';
import { createValidationPipe } from '../../common/http/validation';

/**
 * The per-IP budgets of the two public routes that take a seat (in-person registration, card hold), counted by their
 * handlers instead of before them. The route itself carries no @RateLimit (the app's guard would count the request
 * before anything else); each handler first answers a plainly full class from one read, and only a request that may
 * take a seat is counted. A 'full' answer takes no seat and sends no email, which is all the budget protects, and
 * counting it would cost a second statement on the answer most requests get in an opening rush. The budget, its
 * key, its 429 and Retry-After are the app's own: countRateLimit, which the app's guard runs for every marked route.
 */
const COUNTED_BUDGETS = {
  register: { budget: 'registration', action: 'register' },
  createIntent: { budget: 'cardIntent', action: 'create-intent' },
} as const;

@Injectable()
export class SeatRequestLimits {
  /** The app's validation pipe, run by the handler after the cheap checks (the route's body is taken unvalidated). */
  private readonly pipe = createValidationPipe();

  constructor(private readonly guard: RateLimitGuard) {}

  /** Counts this request against the route's budget; over it: the app's 429 with Retry-After. */
  async count(budget: 'register' | 'createIntent', req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await countRateLimit(this.guard.rateLimitCounting, req, reply, COUNTED_BUDGETS[budget]);
  }

  /** The body validated as the app validates every body (the same readable 400). */
  validate<T extends object>(metatype: Type<T>, body: unknown): Promise<T> {
    const metadata: ArgumentMetadata = { type: 'body', metatype, data: undefined };
    return this.pipe.transform(body, metadata) as Promise<T>;
  }
}
