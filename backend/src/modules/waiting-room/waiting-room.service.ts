import { Injectable, NotFoundException } from '@nestjs/common';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { ClassesService } from '../classes/classes.service';
import { PublicClassList, type CachedOpening } from '../classes/public-class-list.service';
import {
  WAITING_ROOM_MAX_MINUTES,
  activeWaitingRoom,
  waitingRoomRules,
  waitingRoomUntil,
  type OrganizationSettings,
} from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { effectiveWindow, openingTime } from '../terms/registration-window';
import { TermsService } from '../terms/terms.service';
import { TermsError, TermsException } from '../terms/terms.exception';
import { TICKET_VALID_MS, WaitingRoomTickets } from './waiting-room-tickets';
import { WaitingRoomError, WaitingRoomException } from './waiting-room.exception';
import { WaitingRoomRepository } from './waiting-room.repository';

/** A ticket may be taken this long before the opening, so a page open at the opening is already in line when it comes. */
export const EARLY_TICKET_MS = 5_000;

/**
 * A page knows the server's clock only to the second (from the Date header), so it may open the form up to a second
 * before the turn it counted down to: a registration that early is taken. Each turn may come up to this much sooner;
 * the rate holds over the line.
 */
export const TURN_CLOCK_TOLERANCE_MS = 1_000;

/**
 * How long after its opening a line is kept: the longest room any organization can set, plus a ticket's validity as a
 * margin. Past the room's end no place can be taken in the line and no registration asks for a ticket; while it is on,
 * a ticket is checked from the ticket alone. So nothing reads the row after this, and deleting it changes no answer.
 */
export const LINE_KEPT_MS = WAITING_ROOM_MAX_MINUTES * 60_000 + TICKET_VALID_MS;

export interface WaitingRoomTicketReply {
  ticket: string;
  position: number;
  opensAt: Date;
  admitAt: Date;
  expiresAt: Date;
  /** The rate the place was computed with, so the page can tell how many people are ahead as the turn nears. */
  admitPerMinute: number;
}

/** The admin's live view lists the lines whose room is on now or ended at most this long ago. */
export const LINES_SHOWN_AFTER_ROOM_MS = 2 * 3600_000;

/** One opening's line as the admin sees it live. */
export interface WaitingRoomLineReply {
  opensAt: Date;
  waitingRoomUntil: Date | null;
  placesGiven: number;
  inLineNow: number;
  letInSoFar: number;
  lineClearsAt: Date | null;
  admitPerMinute: number;
}

/**
 * The opening's waiting room: at a class's opening, people take a place in line and are let in at the rate the
 * organization set (what the servers can serve), in the order they arrived, so every admitted registration is fast.
 * One line per organization and opening instant (all classes opening together share it). The place is a signed ticket;
 * nothing is kept per person.
 */
@Injectable()
export class WaitingRoomService {
  constructor(
    private readonly repo: WaitingRoomRepository,
    private readonly tickets: WaitingRoomTickets,
    private readonly classes: ClassesService,
    private readonly publicClasses: PublicClassList,
    private readonly terms: TermsService,
    private readonly orgs: OrganizationsService,
  ) {}

  /**
   * A place in the line of the class's opening (the public ticket route). At an opening everyone arrives at once, so
   * the class's opening and the organization's rules come from the instance's public-list copy, which the people
   * arriving have just loaded (no statement); only a class not in the copy is read. The place itself is the line's one
   * write.
   */
  async take(organizationId: string, classId: string, now = new Date()): Promise<WaitingRoomTicketReply> {
    const opening = this.publicClasses.cachedOpening(organizationId, classId) ?? (await this.readOpening(organizationId, classId));
    const { opensAt, room } = opening;
    const until = opensAt && room ? new Date(opensAt.getTime() + room.minutes * 60_000) : null;
    if (!opensAt || !room || !until || now >= until) throw noWaitingRoom(opening.title);
    if (now.getTime() < opensAt.getTime() - EARLY_TICKET_MS)
      throw new TermsException(
        TermsError.RegistrationNotOpen,
        `Registration for ${opening.title} opens ${openingTime(opensAt, opening.zone ?? SERVER_TIME_ZONE)}.`,
        { opensAt },
      );
    const { position, admitAt } = await this.repo.take(organizationId, opensAt, 60_000 / room.admitPerMinute);
    return {
      ticket: this.tickets.issue({ organizationId, opensAt, admitAt, position }),
      position,
      opensAt,
      admitAt,
      expiresAt: new Date(admitAt.getTime() + TICKET_VALID_MS),
      // The rate the turn was spaced by (the page counts the people ahead from it).
      admitPerMinute: room.admitPerMinute,
    };
  }

  /**
   * The organization's lines whose room is on now or ended in the last 2 hours, newest opening first (the admin's
   * dashboard, during a sale). Nothing is stored per person, so the people still in line are computed from the turns:
   * the last place is let in at `last_admit_at` and turns are one step apart, so the places still to come are
   * ceil((last_admit_at - now) / step), at most the places given. That counts the turns, not the people: someone who
   * took a place and left is still counted until their turn passes. The step is the organization's current rate, so
   * right after a change of rate the count is off by the places spaced by the old one (it settles as they pass). The
   * room's end is the opening plus the current waitingRoomMinutes; once it is over, or the organization has turned the
   * room off, registration no longer asks for a ticket, so nobody is in line any more (0, and no clearing time).
   */
  async lines(organizationId: string, now = new Date()): Promise<WaitingRoomLineReply[]> {
    const org = await this.orgs.require(organizationId);
    const rules = waitingRoomRules(org.settings);
    const step = 60_000 / rules.waitingRoomAdmitPerMinute;
    const since = new Date(now.getTime() - rules.waitingRoomMinutes * 60_000 - LINES_SHOWN_AFTER_ROOM_MS);
    const rows = await this.repo.linesSince(organizationId, since);
    return rows.map(({ opensAt, issued, lastAdmitAt }) => {
      const until = waitingRoomUntil(opensAt, org.settings);
      const roomOn = !!until && now < until;
      const ahead = roomOn ? Math.min(issued, Math.max(0, Math.ceil((lastAdmitAt.getTime() - now.getTime()) / step))) : 0;
      return {
        opensAt,
        waitingRoomUntil: until,
        placesGiven: issued,
        inLineNow: ahead,
        letInSoFar: issued - ahead,
        lineClearsAt: roomOn && lastAdmitAt > now ? lastAdmitAt : null,
        admitPerMinute: rules.waitingRoomAdmitPerMinute,
      };
    });
  }

  /** Deletes the lines whose room cannot be on any more (see LINE_KEPT_MS); answers how many (the sweep job). */
  sweepLines(): Promise<number> {
    return this.repo.deleteOpenedBefore(LINE_KEPT_MS);
  }

  /**
   * What `take` needs, read from the database: the class (another organization's is not found through this one, nor an
   * archived class, which the public pages hide), its term and the organization.
   */
  private async readOpening(organizationId: string, classId: string): Promise<CachedOpening> {
    const cls = await this.classes.require(classId, organizationId);
    if (cls.status === 'Archived') throw new NotFoundException(`Class with ID ${classId} not found`);
    const [org, term] = await Promise.all([this.orgs.require(organizationId), this.terms.find(organizationId, cls.termId ?? null)]);
    return {
      title: cls.title,
      opensAt: effectiveWindow(cls, term).opensAt,
      zone: org.settings.timeZone ?? SERVER_TIME_ZONE,
      room: activeWaitingRoom(org.settings),
    };
  }

  /**
   * Refuses a registration that has not waited its turn, while the opening at `opensAt` has an active waiting room;
   * otherwise does nothing. Only an HMAC: no statement. One ticket serves every registration of its holder while it is
   * valid (a parent registering two children).
   */
  assertAdmitted(
    cls: { title: string; organizationId: string },
    settings: Partial<OrganizationSettings> | null | undefined,
    opensAt: Date,
    ticket: string | null | undefined,
    now = new Date(),
  ): void {
    const until = waitingRoomUntil(opensAt, settings);
    if (!until || now < opensAt || now >= until) return;
    const t = this.tickets.read(ticket);
    const mine = !!t && t.organizationId === cls.organizationId && t.opensAt.getTime() === opensAt.getTime();
    if (!t || !mine)
      throw new WaitingRoomException(
        WaitingRoomError.WaitingRoom,
        `Registration for ${cls.title} is through the waiting room: take your place in line first.`,
        { waitingRoomUntil: until },
      );
    if (now.getTime() >= t.admitAt.getTime() + TICKET_VALID_MS)
      throw new WaitingRoomException(
        WaitingRoomError.WaitingRoom,
        `Your place in line for ${cls.title} has expired: take a new place in line.`,
        { waitingRoomUntil: until },
      );
    if (now.getTime() < t.admitAt.getTime() - TURN_CLOCK_TOLERANCE_MS)
      throw new WaitingRoomException(
        WaitingRoomError.NotYet,
        `It is not your turn yet: you are let in at ${openingTime(t.admitAt, settings?.timeZone ?? SERVER_TIME_ZONE)}.`,
        { admitAt: t.admitAt },
      );
  }
}

const noWaitingRoom = (title: string) =>
  new WaitingRoomException(WaitingRoomError.NoWaitingRoom, `Registration for ${title} does not go through a waiting room now.`);
