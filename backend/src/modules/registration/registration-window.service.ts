import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { ClassEntity } from '../classes/class.entity';
import { WAITING_ROOM_MAX_MINUTES, type OrganizationEntity } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { EarlyAccessTokens } from '../terms/early-access-tokens';
import { effectiveWindow, openingTime, registrationAnswer } from '../terms/registration-window';
import { TermsService } from '../terms/terms.service';
import { TermsError, TermsException } from '../terms/terms.exception';
import { WaitingRoomService } from '../waiting-room/waiting-room.service';

/** Who is registering: the email, the early-access link's token and the waiting room's ticket when they have them. */
export interface Registrant {
  email?: string | null;
  earlyAccessToken?: string | null;
  waitingRoomTicket?: string | null;
  /**
   * The request names a waitlist offer: the seat it takes is already held for this person, so there is nothing to wait
   * in line for. A bad, used or lapsed offer link is refused where the offer is claimed, so naming one lets nobody in.
   */
  waitlistOffer?: boolean;
  /**
   * The organization's row, when the caller has read it already (spares the check a second read during an opening);
   * its `config_version` lets the class's term come from the instance's copy (TermsService.find).
   */
  org?: Pick<OrganizationEntity, 'id' | 'settings' | 'configVersion'>;
}

/**
 * The one answer to "is registration open for this class now, for this person?", asked by every path that takes or
 * holds a seat (in-person and household registration, card intents, waitlist joins, offers claimed through them).
 * Before the opening: 409 REGISTRATION_NOT_OPEN with opensAt; after the closing (or once a started class no longer
 * takes late registrations): 409 REGISTRATION_CLOSED with closedAt. It reads the class's term and, only for a class
 * that has started or a refusal, the organization; it locks nothing, so an opening rush is not serialized here.
 * During an opening's waiting room, it also asks for the person's place in line (see WaitingRoomService.assertAdmitted):
 * only then, within the few hours after an opening, does it need the organization's settings of a class not started.
 */
@Injectable()
export class RegistrationWindow {
  constructor(
    private readonly terms: TermsService,
    private readonly tokens: EarlyAccessTokens,
    private readonly orgs: OrganizationsService,
    private readonly room: WaitingRoomService,
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
    const term = await this.terms.find(who.org?.id === cls.organizationId ? who.org : cls.organizationId, cls.termId ?? null, m);
    const earlyAccess = !!term && !!who.email && this.tokens.verify(who.earlyAccessToken, term.id, who.email);
    const started = now >= new Date(cls.startDate);
    // The window's times alone say whether a waiting room can be on now: most classes, most of the time, it cannot,
    // and the organization is then not read for it.
    const { opensAt } = effectiveWindow(cls, term);
    const roomPossible = !!opensAt && now >= opensAt && now.getTime() < opensAt.getTime() + WAITING_ROOM_MAX_MINUTES * 60_000;
    const org = who.org ?? (started || roomPossible ? await this.orgs.require(cls.organizationId) : null);
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
    if (answer.open) {
      // Early access (before the opening) never waits in line; assertAdmitted checks the opening is past.
      if (roomPossible && org && !who.waitlistOffer) this.room.assertAdmitted(cls, org.settings, opensAt, who.waitingRoomTicket, now);
      return;
    }
    const zone = (org ?? (await this.orgs.require(cls.organizationId))).settings.timeZone ?? SERVER_TIME_ZONE;
    if (answer.code === TermsError.RegistrationNotOpen)
      throw new TermsException(answer.code, `Registration for ${cls.title} opens ${openingTime(answer.opensAt, zone)}.`, {
        opensAt: answer.opensAt,
      });
    throw new TermsException(answer.code, `Registration for ${cls.title} closed ${openingTime(answer.closedAt, zone)}.`, {
      closedAt: answer.closedAt,
    });
  }
}
