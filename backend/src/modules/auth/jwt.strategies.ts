import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import type { AllConfigType } from '../../config/config.type';
import { AuthService } from './auth.service';
import { bearerTokenOptions } from './bearer-tokens';
import { ORG_AUDIENCE, STAFF_AUDIENCE, type TokenPayload } from './tokens';

/**
 * A passport strategy for bearer tokens of one audience: `resolve` turns a verified token into the caller, or null
 * when the token no longer stands for anyone (then the caller is told to sign in again with `expired`).
 */
function bearerStrategy(
  name: string,
  audience: string,
  expired: string,
  resolve: (auth: AuthService, payload: TokenPayload) => Promise<unknown>,
) {
  @Injectable()
  class BearerStrategy extends PassportStrategy(Strategy, name) {
    constructor(
      config: ConfigService<AllConfigType>,
      private readonly auth: AuthService,
    ) {
      super(bearerTokenOptions(config, audience));
    }

    async validate(payload: TokenPayload) {
      const caller = await resolve(this.auth, payload);
      if (!caller) throw new UnauthorizedException(expired);
      return caller;
    }
  }
  return BearerStrategy;
}

/**
 * Organization users. The user is re-read from the database on every request (not trusted from the
 * token) so a revoked token, a deleted user or a changed role takes effect at once: one query does both.
 */
@Injectable()
export class JwtStrategy extends bearerStrategy('jwt', ORG_AUDIENCE, 'Your session has expired. Please sign in again.', (auth, payload) =>
  auth.resolveTokenUser(payload),
) {}

/** Platform staff (the IT-admin portal), re-read on every request like organization users. */
@Injectable()
export class StaffJwtStrategy extends bearerStrategy(
  'staff-jwt',
  STAFF_AUDIENCE,
  'Your staff session has expired. Please sign in again.',
  (auth, payload) => auth.resolveStaffToken(payload),
) {}
