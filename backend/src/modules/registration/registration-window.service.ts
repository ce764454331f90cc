import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { ClassEntity } from '../classes/class.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { EarlyAccessTokens } from '../terms/early-access-tokens';
import { openingTime, registrationAnswer } from '../terms/registration-window';
import { TermsService } from '../terms/terms.service';

/** Who is registering: the email, and the early-access link's token when they came through one. */
export interface Registrant {
  email?: string | null;
  earlyAccessToken?: string | null;
}

/**
 * The one answer to "is registration open for this class now, for this person?", asked by every path that takes or
 * holds a seat (in-person and household registration, card intents, waitlist joins, offers claimed through them).
 * Before the opening: 409 REGISTRATION_NOT_OPEN with opensAt; after the closing (or once a started class no longer
 * takes late registrations): 409 REGISTRATION_CLOSED with closedAt. It reads the class's term and, only for a class
 * that has started or a refusal, the organization; it locks nothing, so an opening rush is not serialized here.
 */
@Injectable()
export class RegistrationWindow {
  constructor(
    private readonly terms: TermsService,
    private readonly tokens: EarlyAccessTokens,
    private readonly orgs: OrganizationsService,
  ) {}

  async assertOpen(
    cls: Pick<
      ClassEntity,
      | 'id'
      | 'title'
      | 'organizationId'
      | 'termId'
      | 'startDate'
      | 'duration'
      | 'days'
      | 'schedule'
      | 'registrationOpensAt'
      | 'registrationClosesAt'
    >,
    who: Registrant = {},
    now = new Date(),
    m?: EntityManager,
  ): Promise<void> {
    const term = await this.terms.find(cls.organizationId, cls.termId ?? null, m);
    const earlyAccess = !!term && !!who.email && this.tokens.verify(who.earlyAccessToken, term.id, who.email);
    const started = now >= new Date(cls.startDate);
    const org = started ? await this.orgs.require(cls.organizationId) : null;
    const answer = registrationAnswer(
      {
        ...cls,
        registrationOpensAt: cls.registrationOpensAt ?? null,
        registrationClosesAt: cls.registrationClosesAt ?? null,
      },
      term,
      now,
      { earlyAccess, lateRegistration: org?.settings.lateRegistration !== false },
    );
    if (answer.open) return;
    const zone = (org ?? (await this.orgs.require(cls.organizationId))).settings.timeZone ?? SERVER_TIME_ZONE;
    if (answer.code === 'REGISTRATION_NOT_OPEN')
      throw new AppException(HttpStatus.CONFLICT, `Registration for ${cls.title} opens ${openingTime(answer.opensAt, zone)}.`, {
        code: answer.code,
        opensAt: answer.opensAt,
      });
    throw new AppException(HttpStatus.CONFLICT, `Registration for ${cls.title} closed ${openingTime(answer.closedAt, zone)}.`, {
      code: answer.code,
      closedAt: answer.closedAt,
    });
  }
}
