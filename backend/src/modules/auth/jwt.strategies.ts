import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AllConfigType } from '../../config/config.type';
import { AuthService } from './auth.service';
import { ORG_AUDIENCE, STAFF_AUDIENCE, TOKEN_ALGORITHM, TOKEN_ISSUER, verificationKey, type TokenPayload } from './tokens';

function options(config: ConfigService<AllConfigType>, audience: string) {
  const key = verificationKey(config.getOrThrow('auth', { infer: true }).jwtSecret);
  return {
    jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
    // passport-jwt's types say string | Buffer; jsonwebtoken takes a KeyObject as is (see verificationKey).
    secretOrKeyProvider: (_req: unknown, _token: unknown, done: (err: null, key: Buffer) => void) => done(null, key as unknown as Buffer),
    algorithms: [TOKEN_ALGORITHM],
    audience,
    issuer: TOKEN_ISSUER,
    ignoreExpiration: false,
  };
}

/**
 * Organization users. The user is re-read from the database on every request (not trusted from the
 * token) so a revoked token, a deleted user or a changed role takes effect at once: one query does both.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly auth: AuthService,
  ) {
    super(options(config, ORG_AUDIENCE));
  }

  async validate(payload: TokenPayload) {
    const user = await this.auth.resolveTokenUser(payload);
    if (!user) throw new UnauthorizedException('Your session has expired. Please sign in again.');
    return user;
  }
}

@Injectable()
export class StaffJwtStrategy extends PassportStrategy(Strategy, 'staff-jwt') {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly auth: AuthService,
  ) {
    super(options(config, STAFF_AUDIENCE));
  }

  async validate(payload: TokenPayload) {
    const staff = await this.auth.resolveStaffToken(payload);
    if (!staff) throw new UnauthorizedException('Your staff session has expired. Please sign in again.');
    return staff;
  }
}
