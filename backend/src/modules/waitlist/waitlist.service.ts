import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { WaitlistError, WaitlistException } from './waitlist.exception';
import { takesWaitlist, type ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { RegistrationService } from '../registration/registration.service';
import { RegistrationWindow } from '../registration/registration-window.service';
import type { EnrollmentStatus } from '../registration/enrollment.entity';
import { EnrollmentsService } from '../registration/enrollments.service';
import type { JoinWaitlistDto } from './dto/waitlist.dto';
import { WaitlistMessages } from './waitlist-messages';
import { BAD_LINK, NO_FREE_SEAT, WaitlistOffersService } from './waitlist-offers.service';
import { WaitlistRepository, type WaitlistEntry } from './waitlist.repository';
import { WaitlistTokens } from './waitlist-tokens';
import { Seats } from '../registration/seats';

export { DEFAULT_OFFER_HOURS, NO_FREE_SEAT } from './waitlist-offers.service';

const isUniqueViolation = (e: unknown) => e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505';
/**
 * Registration statuses a waitlist may be joined in: a class closed by the admin (or cancelled) has no list. A
 * full-term seat is free only while the class's fullest session's drop-ins leave one (issue 39 §3: `drop_in_peak`).
 */
const hasFreeSeat = (c: ClassEntity) =>
  (c.status === 'Open' || c.status === 'Scheduled') && c.enrolledStudents + (c.dropInPeak ?? 0) < c.maxStudents;

/**
 * What an entry says. An accepted offer's registration can end later (the admin cancels or removes it, the class is
 * cancelled for too few students, a card payment is never made): the entry then says so, read from the registration
 * itself, so every way it ends is covered. `registration_cancelled`: cancelled or removed; `registration_lapsed`:
 * the card payment was never completed and the held seat went back.
 */
export type EntryStatus = WaitlistEntry['status'] | 'registration_cancelled' | 'registration_lapsed';
type Registration = { status: EnrollmentStatus; cancelledAt: Date | null } | undefined;

export const entryView = (e: WaitlistEntry, registration?: Registration) => {
  let status: EntryStatus = e.status;
  let registrationCancelledAt: Date | null = null;
  if (e.status === 'accepted' && registration?.status !== 'held' && registration?.status !== 'active') {
    status = registration?.status === 'expired' ? 'registration_lapsed' : 'registration_cancelled';
    registrationCancelledAt = registration?.status === 'cancelled' ? registration.cancelledAt : null;
  }
  return {
    id: e.id,
    position: e.position,
    status,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    communicationOptIn: e.communicationOptIn,
    joinedAt: e.joinedAt,
    offeredAt: e.offeredAt,
    offerExpiresAt: e.offerExpiresAt,
    registrationCancelledAt,
  };
};

/**
 * The list itself: joining (public), leaving through the signed link, and the admin's view, removal, 'offer now' and
 * reordering. Every change runs under the class row lock. Offers and their acceptance are WaitlistOffersService's;
 * the job's steps are WaitlistExpiryService's.
 */
@Injectable()
export class WaitlistService {
  constructor(
    private readonly repo: WaitlistRepository,
    private readonly tokens: WaitlistTokens,
    private readonly offers: WaitlistOffersService,
    private readonly messages: WaitlistMessages,
    private readonly classes: ClassesService,
    private readonly classSeats: Seats,
    private readonly registration: RegistrationService,
    private readonly enrollments: EnrollmentsService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly window: RegistrationWindow,
  ) {}

  // --- public ---

  async join(classId: string, dto: JoinWaitlistDto): Promise<{ entryId: string; position: number }> {
    // Someone registered for the class has no seat to wait for (409 'You are already enrolled in ...').
    await this.registration.checkEnrollment({ email: dto.email, classId, organizationId: dto.organizationId });
    // A waitlist is for a class whose registration is open: none before the opening, none after the closing.
    await this.window.assertOpen(await this.classes.require(classId, dto.organizationId), {
      email: dto.email,
      earlyAccessToken: dto.earlyAccessToken,
      waitingRoomTicket: dto.waitingRoomTicket,
    });
    try {
      return await this.db.transaction(async (m) => {
        const cls = await this.classes.lock(m, classId, dto.organizationId);
        if (!cls || cls.status === 'Archived') throw new NotFoundException(`Class with ID ${classId} not found`);
        const existing = await this.repo.liveByEmail(m, classId, dto.email);
        if (existing) return { entryId: existing.id, position: existing.position! };
        if (!takesWaitlist(cls))
          throw new WaitlistException(
            WaitlistError.WaitlistClosed,
            `${cls.title} is not open for registration, so its waitlist is closed.`,
          );
        if (hasFreeSeat(cls))
          throw new WaitlistException(
            WaitlistError.SeatAvailable,
            `${cls.title} still has a free seat. Please register instead of joining the waitlist.`,
          );
        const id = await this.repo.insert(m, {
          organizationId: dto.organizationId,
          classId,
          firstName: dto.firstName,
          lastName: dto.lastName,
          email: dto.email,
          phone: dto.phone,
          communicationOptIn: dto.communicationOptIn ?? true,
          language: dto.language ?? null,
        });
        const entry = (await this.repo.byId(m, id))!;
        await this.messages.queueJoined(m, entry);
        return { entryId: id, position: entry.position! };
      });
    } catch (e) {
      // Two joins of one email at once: the class lock serializes them, so this is only a safety net.
      if (isUniqueViolation(e)) {
        const again = await this.db.transaction((m) => this.repo.liveByEmail(m, classId, dto.email));
        if (again) return { entryId: again.id, position: again.position! };
      }
      throw e;
    }
  }

  /** Leaving through the signed link; an offered seat goes on to the next person in the same transaction. */
  async leave(token: string): Promise<{ status: 'left' }> {
    const named = this.tokens.read('leave', token);
    if (!named) throw new NotFoundException(BAD_LINK);
    await this.db.transaction(async (m) => {
      const peek = await this.repo.byId(m, named.entryId);
      if (!peek) throw new NotFoundException(BAD_LINK);
      await this.classes.lock(m, peek.classId, peek.organizationId);
      const entry = (await this.repo.byId(m, named.entryId, true))!;
      // Registered from an offer: leaving the list is cancelling that registration, which is the organization's. Once
      // that registration has ended there is nothing to leave (as for a removed entry).
      if (entry.status === 'accepted' && (await this.offers.registrationStands(entry)))
        throw new AppException(
          HttpStatus.CONFLICT,
          'You have already registered for this class from the waitlist. Please contact the organization to cancel your registration.',
        );
      if (entry.status === 'waiting' || entry.status === 'offered' || entry.status === 'lapsed')
        await this.repo.setStatus(m, entry.id, 'left');
      if (entry.status === 'offered') await this.classSeats.release(m, 'offer', entry.organizationId, [entry.classId]);
    });
    return { status: 'left' };
  }

  // --- admin (every id is looked up in the caller's organization: another organization's is 404) ---

  async list(organizationId: string, classId: string) {
    await this.classes.require(classId, organizationId);
    return this.views(organizationId, await this.repo.listForClass(organizationId, classId));
  }

  /** The entries as the API shows them, with what became of the registrations made from accepted offers. */
  private async views(organizationId: string, entries: WaitlistEntry[]) {
    const ids = entries.filter((e) => e.status === 'accepted' && e.acceptedEnrollmentId).map((e) => e.acceptedEnrollmentId!);
    const registrations = await this.enrollments.enrollmentStates(organizationId, ids);
    // A registration removed by the admin is deleted, and the entry's link with it: absent means removed.
    return entries.map((e) => entryView(e, e.acceptedEnrollmentId ? registrations.get(e.acceptedEnrollmentId) : undefined));
  }

  async remove(organizationId: string, entryId: string) {
    return this.changeEntry(organizationId, entryId, async (m, entry) => {
      if (entry.status !== 'waiting' && entry.status !== 'offered')
        throw new AppException(HttpStatus.CONFLICT, `This person is no longer on the waitlist (${entry.status}).`);
      await this.repo.setStatus(m, entry.id, 'removed');
      // The held seat goes to the next person (ClassesService calls fill) or, with nobody waiting, to the public.
      if (entry.status === 'offered') await this.classSeats.release(m, 'offer', organizationId, [entry.classId]);
    });
  }

  async offerNow(organizationId: string, entryId: string) {
    return this.changeEntry(organizationId, entryId, async (m, entry, cls) => {
      if (entry.status === 'offered') throw new AppException(HttpStatus.CONFLICT, 'This person already has an open offer.');
      if (entry.status !== 'waiting' && entry.status !== 'lapsed')
        throw new AppException(HttpStatus.CONFLICT, `This person is no longer on the waitlist (${entry.status}).`);
      if (!(await this.classes.tryTakeSeat(m, cls.id, organizationId))) throw new AppException(HttpStatus.CONFLICT, NO_FREE_SEAT);
      await this.offers.offer(m, entry);
    });
  }

  async move(organizationId: string, entryId: string, position: number) {
    let classId = '';
    await this.changeEntry(organizationId, entryId, async (m, e) => {
      classId = e.classId;
      if (e.status !== 'waiting' && e.status !== 'offered')
        throw new AppException(HttpStatus.CONFLICT, `This person is no longer on the waitlist (${e.status}).`);
      const ids = (await this.repo.liveIds(m, e.classId)).filter((id) => id !== e.id);
      ids.splice(Math.min(position, ids.length + 1) - 1, 0, e.id);
      await this.repo.reorder(m, ids);
    });
    return this.list(organizationId, classId);
  }

  private async changeEntry(
    organizationId: string,
    entryId: string,
    change: (m: EntityManager, entry: WaitlistEntry, cls: ClassEntity) => Promise<void>,
  ) {
    try {
      await this.db.transaction(async (m) => {
        const peek = await this.repo.inOrganization(m, entryId, organizationId);
        if (!peek) throw new NotFoundException('Waitlist entry not found');
        const cls = (await this.classes.lock(m, peek.classId, organizationId))!;
        await change(m, (await this.repo.byId(m, entryId, true))!, cls);
      });
    } catch (e) {
      if (isUniqueViolation(e))
        throw new AppException(HttpStatus.CONFLICT, 'This email is already on the waitlist of this class with another entry.');
      throw e;
    }
    return (await this.views(organizationId, [(await this.repo.byId(undefined, entryId))!]))[0];
  }

  /** Erasure of a person: their entries under this email are anonymised (data export's erasure asks). */
  anonymise(manager: EntityManager, organizationId: string, email: string): Promise<void> {
    return this.repo.anonymiseEmail(manager, organizationId, email);
  }
}
