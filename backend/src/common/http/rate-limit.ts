import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import {
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  // One throttler per budget, named after it; the guard counts a route only against its own (countRateLimit).
  return {
    throttlers: [
      { name: 'auth', ttl: 60_000, limit: settings.authRateLimitPerMinute },
      { name: 'contact', ttl: 60 * 60_000, limit: settings.contactRateLimitPerHour },
      { name: 'analytics', ttl: 60_000, limit: settings.analyticsRateLimitPerMinute },
      { name: 'cardIntent', ttl: 60_000, limit: settings.cardIntentRateLimitPerMinute },
      { name: 'registration', ttl: 60_000, limit: settings.registrationRateLimitPerMinute },
    ],
    errorMessage: TOO_MANY_ATTEMPTS,
    // X-RateLimit-* headers are not part of the API; a refused request gets Retry-After (countRateLimit).
    setHeaders: false,
  };
}

/** What counting a request needs: where the counters live, each budget's window and limit, and whose count it is. */
export interface RateLimitCounting {
  storage: ThrottlerStorage;
  budgets: ReadonlyMap<string, { ttl: number; limit: number }>;
  /** The client the budget belongs to (its IP, an IPv6 client's subnet), as @nestjs/throttler tracks it. */
  tracker(request: FastifyRequest): Promise<string>;
}

/**
 * Counts one request against a per-IP budget; over it, sets Retry-After (seconds) and throws the 429 with the spec's
 * text. The guard runs it for every route marked with @RateLimit; a handler that must decide first whether a request
 * is worth counting (the seat-taking routes answer a plainly full class before) calls it itself, with the same
 * counters, key, 429 and Retry-After.
 */
export async function countRateLimit(
  counting: RateLimitCounting,
  request: FastifyRequest,
  reply: FastifyReply,
  mark: { budget: RateLimitBudget; action: string },
): Promise<void> {
  const budget = counting.budgets.get(mark.budget);
  if (!budget) throw new Error(`No rate-limit budget named ${mark.budget}`);
  const key = `${mark.budget}:${mark.action}:${await counting.tracker(request)}`;
  // The block lasts as long as the window, as @nestjs/throttler's default.
  const { isBlocked, timeToBlockExpire } = await counting.storage.increment(key, budget.ttl, budget.limit, budget.ttl, mark.budget);
  if (!isBlocked) return;
  void reply.header('Retry-After', String(Math.max(1, Math.ceil(timeToBlockExpire))));
  throw new ThrottlerException(TOO_MANY_ATTEMPTS);
}

/**
 * The app's guard: a route marked with @RateLimit is counted against its budget (countRateLimit); most routes have
 * none, so the ordinary path pays one metadata read. It extends @nestjs/throttler's guard only for its injected
 * options and storage.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  private counting?: RateLimitCounting;

  /** The budgets as the throttler module was configured (throttlerOptions), with its storage and tracker; read after the module's init. */
  get rateLimitCounting(): RateLimitCounting {
    this.counting ??= {
      storage: this.storageService,
      budgets: new Map(this.throttlers.map((t: ThrottlerOptions) => [t.name ?? 'default', { ttl: Number(t.ttl), limit: Number(t.limit) }])),
      tracker: (request) => this.getTracker(request as unknown as Record<string, unknown>),
    };
    return this.counting;
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const mark = marked(context);
    if (!mark) return true;
    const http = context.switchToHttp();
    await countRateLimit(this.rateLimitCounting, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), mark);
    return true;
  }
}
