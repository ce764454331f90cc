import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/app.config';

/** The spec's text for a client over its per-IP budget. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Named budgets: `auth` (sign-in, sign-up, reset) per minute, `contact` (contact form) per hour, `analytics` (page
 * beacons) per minute, `cardIntent` (card seat holds: each takes a seat until it lapses) per minute, `registration`
 * (public in-person registrations and waitlist joins: each takes a seat or a place in line and emails the address) per minute.
 */
export type RateLimitBudget = 'auth' | 'contact' | 'analytics' | 'cardIntent' | 'registration';

const RATE_LIMIT_KEY = 'classlane:rateLimit';

/**
 * Puts a route under a per-IP budget. Routes of one budget count separately per `action` (sign-in and
 * sign-up do not share a count; the reset request and its confirmation do). Routes without it are not limited.
 */
export const RateLimit = (budget: RateLimitBudget, action: string) => SetMetadata(RATE_LIMIT_KEY, { budget, action });

const marked = (ctx: ExecutionContext): { budget: RateLimitBudget; action: string } | undefined =>
  Reflect.getMetadata(RATE_LIMIT_KEY, ctx.getHandler());

/**
 * @nestjs/throttler options: per-IP counters. The app module adds the storage (modules/rate-limits: a table in
 * PostgreSQL, so N instances enforce one budget); without one, the throttler counts in the process's memory.
 */
export function throttlerOptions(
  settings: Pick<
    AppConfig,
    | 'authRateLimitPerMinute'
    | 'contactRateLimitPerHour'
    | 'analyticsRateLimitPerMinute'
    | 'cardIntentRateLimitPerMinute'
    | 'registrationRateLimitPerMinute'
  >,
): ThrottlerModuleOptions {
  const only = (budget: RateLimitBudget) => (ctx: ExecutionContext) => marked(ctx)?.budget !== budget;
  return {
    throttlers: [
      { name: 'auth', ttl: 60_000, limit: settings.authRateLimitPerMinute, skipIf: only('auth') },
      { name: 'contact', ttl: 60 * 60_000, limit: settings.contactRateLimitPerHour, skipIf: only('contact') },
      { name: 'analytics', ttl: 60_000, limit: settings.analyticsRateLimitPerMinute, skipIf: only('analytics') },
      { name: 'cardIntent', ttl: 60_000, limit: settings.cardIntentRateLimitPerMinute, skipIf: only('cardIntent') },
      { name: 'registration', ttl: 60_000, limit: settings.registrationRateLimitPerMinute, skipIf: only('registration') },
    ],
    errorMessage: TOO_MANY_ATTEMPTS,
    generateKey: (ctx, tracker, name) => `${name}:${marked(ctx)?.action ?? ctx.getHandler().name}:${tracker}`,
    // X-RateLimit-* headers are not part of the API; a refused request gets Retry-After (below).
    setHeaders: false,
  };
}

/** The throttler guard, answering 429 with a plain Retry-After (seconds) whichever budget ran out. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  /** Most routes have no budget: one metadata read and out, so the ordinary path pays nothing more. */
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return !marked(context);
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    context
      .switchToHttp()
      .getResponse<FastifyReply>()
      .header('Retry-After', String(Math.max(1, Math.ceil(detail.timeToBlockExpire))));
    return super.throwThrottlingException(context, detail);
  }
}
