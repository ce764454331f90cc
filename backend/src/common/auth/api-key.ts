import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpException, HttpStatus, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { AuthUser } from './auth-user';

/** Every API key secret starts with this, so the guard tells a key from a session token without parsing it. */
export const API_KEY_PREFIX = 'cl_live_';

export type ApiKeyScope = 'read' | 'write';

/** The key a request was made with, as the activity log names it. */
export interface ApiKeyActor {
  id: string;
  name: string;
}

/** A verified key: the organization admin it acts as, its scopes and its name. */
export interface ApiKeyPrincipal {
  user: AuthUser;
  key: ApiKeyActor & { scopes: ApiKeyScope[] };
}

/**
 * The port the auth guard looks keys up through. `common/` imports no module, so the api-keys module
 * provides it; `authenticate` throws the 401/403/429 itself (unknown or revoked key, plan without API access,
 * over the key's budget).
 */
export abstract class ApiKeyAuthenticator {
  abstract authenticate(secret: string): Promise<ApiKeyPrincipal>;
}

/** A key over its per-minute budget: 429, and the guard sends Retry-After (seconds). */
export class ApiKeyRateLimited extends HttpException {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

export const API_KEY_ACCESS_KEY = 'apiKeyAccess';
/**
 * Narrows what an API key may do on a route (or a whole controller). `none`: keys are refused (the team,
 * the keys themselves, organization creation and deletion: what only a person signed in may do); `read`:
 * keys may only read here (the subscription, payment-account setup). Unmarked routes follow the key's scopes.
 */
export const ApiKeyAccess = (access: 'none' | 'read') => SetMetadata(API_KEY_ACCESS_KEY, access);

const actorStore = new AsyncLocalStorage<ApiKeyActor>();

/** The API key of the request being handled, if it came with one (the activity log's attribution). */
export const currentApiKey = (): ApiKeyActor | undefined => actorStore.getStore();

/**
 * Runs the route handler with the request's API key as the current actor, so whatever the handler records in
 * the activity log says which key did it without every service being told.
 */
export class ApiKeyActorInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const key = (ctx.switchToHttp().getRequest() as { apiKey?: ApiKeyActor } | undefined)?.apiKey;
    if (!key) return next.handle();
    const actor = { id: key.id, name: key.name };
    return new Observable((subscriber) => actorStore.run(actor, () => next.handle().subscribe(subscriber)));
  }
}
