import { ExecutionContext, ForbiddenException, Inject, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply } from 'fastify';
import { API_KEY_ACCESS_KEY, API_KEY_PREFIX, ApiKeyAuthenticator, ApiKeyRateLimited } from './api-key';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC_KEY, OPTIONAL_AUTH_KEY, PORTAL_KEY, ROLES_KEY, STAFF_KEY, type Role } from './roles';

/** What the guard reads of a route's decorators, resolved once per handler. */
interface RouteAuth {
  isPublic: boolean;
  staff: boolean;
  portal: boolean;
  optional: boolean;
  apiKeyAccess: 'none' | 'read' | undefined;
  roles: Role[] | undefined;
}

const OrgJwtGuard = AuthGuard('jwt');
const StaffJwtGuard = AuthGuard('staff-jwt');
const PortalJwtGuard = AuthGuard('portal-jwt');

/**
 * The one global guard: public routes pass, staff routes need a staff token, student portal routes a portal
 * token (each strategy checks its own audience, so no token opens another's routes), every other route needs
 * an organization token, then the route's roles, then the tenant check on a client-sent organizationId.
 */
@Injectable()
export class AppAuthGuard {
  private readonly org = new OrgJwtGuard();
  private readonly staff = new StaffJwtGuard();
  private readonly portal = new PortalJwtGuard();
  /**
   * The decorators of a route never change once the app is built, so they are read once per handler (and its
   * controller class, for an inherited handler) instead of six Reflector look-ups on every request.
   */
  private readonly routes = new WeakMap<object, WeakMap<object, RouteAuth>>();

  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(ApiKeyAuthenticator) private readonly apiKeys?: ApiKeyAuthenticator,
  ) {}

  private routeAuth(ctx: ExecutionContext): RouteAuth {
    const handler = ctx.getHandler();
    const controller = ctx.getClass();
    let byHandler = this.routes.get(controller);
    if (!byHandler) this.routes.set(controller, (byHandler = new WeakMap()));
    let route = byHandler.get(handler);
    if (!route) {
      const flag = <T>(key: string) => this.reflector.getAllAndOverride<T>(key, [handler, controller]);
      route = {
        isPublic: !!flag<boolean>(IS_PUBLIC_KEY),
        staff: !!flag<boolean>(STAFF_KEY),
        portal: !!flag<boolean>(PORTAL_KEY),
        optional: !!flag<boolean>(OPTIONAL_AUTH_KEY),
        apiKeyAccess: flag<'none' | 'read'>(API_KEY_ACCESS_KEY),
        roles: flag<Role[]>(ROLES_KEY),
      };
      byHandler.set(handler, route);
    }
    return route;
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const route = this.routeAuth(ctx);
    if (route.isPublic) return true;
    const req = ctx.switchToHttp().getRequest();
    if (route.staff) return this.run(this.staff, ctx);
    if (route.portal) return this.run(this.portal, ctx);
    if (route.optional && !req.headers.authorization) return true;
    const bearer = typeof req.headers.authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(req.headers.authorization)?.[1] : undefined;
    if (bearer?.startsWith(API_KEY_PREFIX)) await this.apiKey(bearer, ctx, route.apiKeyAccess);
    else await this.run(this.org, ctx);
    const user = req.user as AuthUser;
    const roles = route.roles;
    if (roles?.length && !roles.includes(user.role)) {
      throw new ForbiddenException(`This action needs the ${roles.join(' or ')} role; you are signed in as ${user.role}.`);
    }
    assertTenant(user, req.query?.organizationId);
    assertTenant(user, req.body?.organizationId);
    return true;
  }

  /**
   * An API key acts as an admin of its organization, within its scopes: `read` only reads (GET, HEAD), `write`
   * also changes what an admin may change, except where a route says keys may not (ApiKeyAccess).
   */
  private async apiKey(secret: string, ctx: ExecutionContext, access?: 'none' | 'read') {
    if (!this.apiKeys) throw new UnauthorizedException('Authentication required');
    const req = ctx.switchToHttp().getRequest<{ method: string; user?: AuthUser; apiKey?: unknown }>();
    const { user, key } = await this.apiKeys.authenticate(secret).catch((e: unknown) => {
      if (e instanceof ApiKeyRateLimited) ctx.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(e.retryAfter));
      throw e;
    });
    if (access === 'none') throw new ForbiddenException('API keys cannot be used here; sign in as an admin to do this.');
    const reads = req.method === 'GET' || req.method === 'HEAD';
    if (!reads && access === 'read') throw new ForbiddenException('API keys can only read here; sign in as an admin to change this.');
    if (!reads && !key.scopes.includes('write'))
      throw new ForbiddenException(`The API key "${key.name}" has the read scope only; this change needs the write scope.`);
    req.user = user;
    req.apiKey = key;
  }

  private async run(guard: { canActivate(ctx: ExecutionContext): unknown }, ctx: ExecutionContext): Promise<boolean> {
    try {
      return (await guard.canActivate(ctx)) as boolean;
    } catch (e) {
      if (e instanceof UnauthorizedException && e.message === 'Unauthorized') throw new UnauthorizedException('Authentication required');
      throw e;
    }
  }
}

/** A client-sent organizationId is never trusted: it must be the caller's own (spec README decision 4). */
export function assertTenant(user: AuthUser, organizationId: unknown): void {
  if (organizationId === undefined || organizationId === null || organizationId === '') return;
  if (organizationId !== user.organizationId) {
    throw new ForbiddenException('You can only access your own organization');
  }
}
