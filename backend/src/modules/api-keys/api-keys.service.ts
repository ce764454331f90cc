import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, ApiKeyAuthenticator, ApiKeyRateLimited, type ApiKeyPrincipal } from '../../common/auth/api-key';
import type { AuthUser } from '../../common/auth/auth-user';
import { Role } from '../../common/auth/roles';
import type { AllConfigType } from '../../config/config.type';
import { PostgresThrottlerStorage } from '../rate-limits/postgres-throttler.storage';
import { FREE_PLAN_ID, planIdThatApplies } from '../subscriptions/plan-policy';
import { UsageService } from '../subscriptions/usage.service';
import { ApiKeysRepository, type ApiKeyRow, type KeyForRequest } from './api-keys.repository';
import type { CreateApiKeyDto } from './dto/api-key.dto';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

const view = (k: ApiKeyRow) => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes,
  prefix: k.prefix,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt,
  revokedAt: k.revokedAt,
});

/**
 * API keys: made and revoked by an admin, and checked on every request that carries one (the auth guard calls
 * `authenticate` through the ApiKeyAuthenticator port). Each key has its own per-minute budget, counted in the
 * shared PostgreSQL counters like the per-IP budgets, so it holds for the deployment however many instances serve it.
 */
@Injectable()
export class ApiKeysService extends ApiKeyAuthenticator {
  private readonly perMinute: number;

  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly usage: UsageService,
    private readonly counters: PostgresThrottlerStorage,
    config: ConfigService<AllConfigType>,
  ) {
    super();
    this.perMinute = config.getOrThrow('integrations', { infer: true }).apiKeyRateLimitPerMinute;
  }

  async list(organizationId: string) {
    return (await this.repo.list(organizationId)).map(view);
  }

  async one(organizationId: string, id: string) {
    const key = (await this.list(organizationId)).find((k) => k.id === id);
    if (!key) throw new NotFoundException('API key not found');
    return key;
  }

  /** A new key; its secret is in this reply only (only its hash is stored). Needs the plan's API access. */
  async create(user: AuthUser, organizationId: string, dto: CreateApiKeyDto) {
    await this.usage.assertFeature(organizationId, 'apiAccess');
    const scopes: ('read' | 'write')[] = dto.scopes.includes('write') ? ['read', 'write'] : ['read'];
    const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const row = await this.repo.insert({
      organizationId,
      createdBy: user.id,
      name: dto.name,
      scopes,
      prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
      secretHash: hashOf(secret),
    });
    return { ...view(row), secret };
  }

  /** Revoked at once: the next request with the key is refused (every request reads the key). */
  async revoke(organizationId: string, id: string) {
    const row = await this.repo.revoke(organizationId, id);
    if (!row) throw new NotFoundException('API key not found');
    return view(row);
  }

  async authenticate(secret: string): Promise<ApiKeyPrincipal> {
    const key = await this.repo.findForRequest(hashOf(secret));
    if (!key) throw new UnauthorizedException('This API key is not valid or has been revoked.');
    if (!this.planAllows(key)) {
      // The refusal names the plan that has API access (the same 403 an admin gets creating a key).
      await this.usage.assertFeature(key.organizationId, 'apiAccess');
    }
    await this.count(key);
    const user: AuthUser = {
      id: key.createdBy,
      email: key.email,
      role: Role.Admin,
      firstName: key.firstName,
      lastName: key.lastName,
      organizationId: key.organizationId,
      jti: `api-key:${key.id}`,
      exp: Number.MAX_SAFE_INTEGER,
    };
    return { user, key: { id: key.id, name: key.name, scopes: key.scopes } };
  }

  /** The plan policy's rule (which plan applies) on the features the lookup brought along. */
  private planAllows(key: KeyForRequest): boolean {
    const planId = planIdThatApplies(key.subscription);
    const features =
      planId === FREE_PLAN_ID
        ? key.freeFeatures
        : planId === key.subscription?.scheduledPlanId && planId !== key.subscription?.planId
          ? key.scheduledFeatures
          : key.planFeatures;
    return Boolean(features?.apiAccess);
  }

  /**
   * A fixed one-minute window per key in the shared counters; the request over budget blocks the key for a minute
   * (refused, not counted), answered with a 429 and Retry-After.
   */
  private async count(key: KeyForRequest) {
    const state = await this.counters.increment(`api-key:${key.id}`, 60_000, this.perMinute, 60_000);
    if (state.isBlocked) {
      const retryAfter = Math.max(1, state.timeToBlockExpire);
      throw new ApiKeyRateLimited(
        `The API key "${key.name}" made more than ${this.perMinute} requests this minute. Try again in ${retryAfter} s.`,
        retryAfter,
      );
    }
  }
}
