import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpException, HttpStatus, SetMetadata } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
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

/** The store of a request that came with an API key: the request itself, which the guard gives the key once verified. */
const actorStore = new AsyncLocalStorage<{ apiKey?: ApiKeyActor }>();

/** The API key of the request being handled, if it came with one (the activity log's attribution). */
export const currentApiKey = (): ApiKeyActor | undefined => {
  const key = actorStore.getStore()?.apiKey;
  return key ? { id: key.id, name: key.name } : undefined;
};

/**
 * Runs the rest of a request that presents an API key (its guards, its handler and all they start) with the request
 * as the current store, so whatever the handler records in the activity log says which key did it without every
 * service being told (the guard puts the verified key on the request before the handler runs). A Fastify hook rather
 * than a Nest interceptor: one global interceptor puts every request of the app through RxJS, and requests without a
 * key pay nothing here.
 */
export function installApiKeyActor(instance: FastifyInstance): void {
  instance.addHook('preHandler', (req, _reply, done) => {
    const authorization = req.headers.authorization;
    if (typeof authorization === 'string' && authorization.includes(API_KEY_PREFIX)) actorStore.run(req as { apiKey?: ApiKeyActor }, done);
    else done();
  });
}
