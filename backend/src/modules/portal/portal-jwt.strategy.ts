import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import type { AllConfigType } from '../../config/config.type';
import { bearerTokenOptions } from '../auth/bearer-tokens';
import { PORTAL_AUDIENCE, type TokenPayload } from '../auth/tokens';
import { PortalRepository } from './portal.repository';
import type { PortalUser } from './portal-user';

/**
 * Portal tokens: only the portal audience is accepted here, and the organization and staff strategies accept only
 * theirs, so an admin or teacher token never opens the portal and a portal token opens nothing else. The student is
 * re-read on every request (one query with the session's link): a signed-out session, an erased or deleted student
 * ends at once.
 */
@Injectable()
export class PortalJwtStrategy extends PassportStrategy(Strategy, 'portal-jwt') {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly repo: PortalRepository,
  ) {
    super(bearerTokenOptions(config, PORTAL_AUDIENCE));
  }

  async validate(payload: TokenPayload): Promise<PortalUser> {
    const s = await this.repo.sessionStudent(payload.jti, payload.sub);
    if (!s) throw new UnauthorizedException('Your sign-in has ended. Request a new link to see your registrations.');
    return { ...s, linkId: payload.jti, exp: payload.exp, portal: true };
  }
}
