import { HttpStatus, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import type { AllConfigType } from '../../config/config.type';
import { takesWaitlist, toDollars, type ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { CommunicationsService } from '../communications/communications.service';
import { linkValue } from '../communications/templates';
import { ConnectService } from '../connect/connect.service';
import { PricingService } from '../pricing/pricing.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { StripeClient } from '../stripe/stripe.client';
import { RegistrationService } from '../registration/registration.service';
import { RegistrationWindow } from '../registration/registration-window.service';
import { SeatOffers, type SeatOfferSource } from '../registration/seat-offers';
import { SeatsFreedHooks } from '../classes/seats-freed.hooks';
import type { EnrollmentStatus } from '../registration/enrollment.entity';
import { EnrollmentsService } from '../registration/enrollments.service';
import type { JoinWaitlistDto } from './dto/waitlist.dto';
import { WaitlistRepository, type WaitlistEntry } from './waitlist.repository';
import { WaitlistTokens } from './waitlist-tokens';
import { WebhookEvents } from '../webhooks/webhook-events';

export const DEFAULT_OFFER_HOURS = 24;
export const NO_FREE_SEAT = 'No seat is free to offer';
const BAD_LINK = 'This waitlist link is not valid. Please use the link from your email.';
const OTHER_EMAIL = 'This seat was offered to another email address. Please register with the email address the offer was sent to.';
const JOB_BATCH = 50;

const isUniqueViolation = (e: unknown) => e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505';
/** Registration statuses a waitlist may be joined in: a class closed by the admin (or cancelled) has no list. */
const hasFreeSeat = (c: ClassEntity) => (c.status === 'Open' || c.status === 'Scheduled') && c.enrolledStudents < c.maxStudents;

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
 * The waitlist with timed seat offers. An offer HOLDS a seat: it is counted in the class's seat counter
 * from the moment it is made, so nobody else can take it. Seats reach the list three ways, all under the class row
 * lock: a release anywhere in the app (ClassesService calls `fill` inside the releasing transaction: the freed seat
 * never becomes visible to a public registrant while someone waits), an admin's 'offer now', and the job (lapsed
 * offers pass their seat on; a sweep fills seats that are free while people wait). Accepting an offer registers into
 * the held seat (registration calls `claimOffer`/`offerAccepted` through its SeatOffers port, from register and the
 * card hold).
 */
@Injectable()
export class WaitlistService implements SeatOfferSource, OnModuleInit {
  private readonly publicUrl: string;

  constructor(
    private readonly repo: WaitlistRepository,
    private readonly tokens: WaitlistTokens,
    private readonly classes: ClassesService,
    private readonly registration: RegistrationService,
    private readonly enrollments: EnrollmentsService,
    private readonly seatOffers: SeatOffers,
    private readonly seatsFreed: SeatsFreedHooks,
    private readonly communications: CommunicationsService,
    private readonly orgs: OrganizationsService,
    private readonly connect: ConnectService,
    private readonly stripe: StripeClient,
    private readonly webhooks: WebhookEvents,
    config: ConfigService<AllConfigType>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly pricing: PricingService,
    private readonly window: RegistrationWindow,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  onModuleInit(): void {
    this.seatsFreed.register({
      seatsFreed: async (m, organizationId, classIds) => {
        for (const classId of classIds) await this.fill(m, organizationId, classId);
      },
    });
    this.seatOffers.fill(this);
  }

  // --- public ---

  async join(classId: string, dto: JoinWaitlistDto): Promise<{ entryId: string; position: number }> {
    // Someone registered for the class has no seat to wait for (409 'You are already enrolled in ...').
    await this.registration.checkEnrollment({ email: dto.email, classId, organizationId: dto.organizationId });
    // A waitlist is for a class whose registration is open: none before the opening, none after the closing.
    await this.window.assertOpen(await this.classes.require(classId, dto.organizationId), {
      email: dto.email,
      earlyAccessToken: dto.earlyAccessToken,
    });
    try {
      return await this.db.transaction(async (m) => {
        const cls = await this.classes.lock(m, classId, dto.organizationId);
        if (!cls || cls.status === 'Archived') throw new NotFoundException(`Class with ID ${classId} not found`);
        const existing = await this.repo.liveByEmail(m, classId, dto.email);
        if (existing) return { entryId: existing.id, position: existing.position! };
        if (!takesWaitlist(cls))
          throw new AppException(HttpStatus.CONFLICT, `${cls.title} is not open for registration, so its waitlist is closed.`, {
            code: 'WAITLIST_CLOSED',
          });
        if (hasFreeSeat(cls))
          throw new AppException(
            HttpStatus.CONFLICT,
            `${cls.title} still has a free seat. Please register instead of joining the waitlist.`,
            {
              code: 'SEAT_AVAILABLE',
            },
          );
        const id = await this.repo.insert(m, {
          organizationId: dto.organizationId,
          classId,
          firstName: dto.firstName,
          lastName: dto.lastName,
          email: dto.email,
          phone: dto.phone,
          communicationOptIn: dto.communicationOptIn ?? true,
        });
        const entry = (await this.repo.byId(m, id))!;
        await this.queueJoined(m, entry);
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

  /** The offer page's facts: 404 for a bad link, 410 for an offer that is used, lapsed or no longer on the list. */
  async offerDetails(token: string) {
    const entry = await this.offerOf(undefined, token);
    const cls = await this.classes.require(entry.classId, entry.organizationId);
    if (entry.status === 'accepted' && !(await this.registrationStands(entry)))
      throw new AppException(HttpStatus.GONE, 'This offer was used to register, and that registration has since been cancelled.');
    this.assertOpen(entry);
    const ready = this.stripe.isConfigured ? await this.connect.readiness(entry.organizationId) : null;
    // What this person would be charged (the one price quote, their email deciding a returning-student discount).
    const quote = await this.pricing.quote({ organizationId: entry.organizationId, cls, email: entry.email });
    return {
      entryId: entry.id,
      status: entry.status,
      classId: cls.id,
      organizationId: entry.organizationId,
      classTitle: cls.title,
      startDate: cls.startDate,
      offerExpiresAt: entry.offerExpiresAt,
      price: toDollars(cls.priceCents)!,
      discountPrice: toDollars(cls.discountPriceCents),
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      phone: entry.phone,
      communicationOptIn: entry.communicationOptIn,
      acceptsCard: !!ready?.chargesEnabled && !!ready.stripeAccountId && quote.totalCents >= 50,
      amount: quote.totalCents / 100,
    };
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
      if (entry.status === 'accepted' && (await this.registrationStands(entry)))
        throw new AppException(
          HttpStatus.CONFLICT,
          'You have already registered for this class from the waitlist. Please contact the organization to cancel your registration.',
        );
      if (entry.status === 'waiting' || entry.status === 'offered' || entry.status === 'lapsed')
        await this.repo.setStatus(m, entry.id, 'left');
      if (entry.status === 'offered') await this.classes.releaseSeats(m, entry.organizationId, [entry.classId]);
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
      if (entry.status === 'offered') await this.classes.releaseSeats(m, organizationId, [entry.classId]);
    });
  }

  async offerNow(organizationId: string, entryId: string) {
    return this.changeEntry(organizationId, entryId, async (m, entry, cls) => {
      if (entry.status === 'offered') throw new AppException(HttpStatus.CONFLICT, 'This person already has an open offer.');
      if (entry.status !== 'waiting' && entry.status !== 'lapsed')
        throw new AppException(HttpStatus.CONFLICT, `This person is no longer on the waitlist (${entry.status}).`);
      if (!(await this.classes.tryTakeSeat(m, cls.id, organizationId))) throw new AppException(HttpStatus.CONFLICT, NO_FREE_SEAT);
      await this.offer(m, entry);
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

  // --- seats ---

  /**
   * Offers every free seat of the class to the people waiting, first come first served, each seat taken with the
   * conditional seat update. The caller's transaction holds the class row (a release, a capacity change, the job).
   */
  async fill(m: EntityManager, organizationId: string, classId: string): Promise<number> {
    let offered = 0;
    for (;;) {
      const next = await this.repo.firstWaiting(m, classId);
      if (!next || next.organizationId !== organizationId) return offered;
      if (!(await this.classes.tryTakeSeat(m, classId, organizationId))) return offered;
      await this.offer(m, next);
      offered += 1;
    }
  }

  /** The place on the list and the leave link, queued with the entry (one per entry). */
  private async queueJoined(m: EntityManager, entry: WaitlistEntry): Promise<void> {
    const person = this.person(entry);
    const { values, org } = await this.communications.classValues(m, person);
    const leaveUrl = `${this.publicUrl}/waitlist/leave/${this.tokens.issue('leave', entry.id)}`;
    await this.communications.queueAutomatic(
      m,
      person,
      'waitlist_joined',
      `waitlist-joined:${entry.id}:email`,
      { ...values, waitlistPosition: String(entry.position) },
      org,
      [],
      'email',
      undefined,
      { leaveLink: linkValue(leaveUrl, 'Leave the waitlist') },
    );
  }

  /** Who a waitlist message goes to. The outbox's recipient id is the entry's: a waiting person has no student record. */
  private person(entry: WaitlistEntry) {
    return {
      organizationId: entry.organizationId,
      classId: entry.classId,
      studentId: entry.id,
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      phone: entry.phone,
    };
  }

  /** The entry's seat is taken by the caller: the offer, its expiry and its messages commit with it. */
  private async offer(m: EntityManager, entry: WaitlistEntry): Promise<void> {
    const org = await this.orgs.require(entry.organizationId, m);
    const hours = (org.settings as { waitlistOfferHours?: number }).waitlistOfferHours ?? DEFAULT_OFFER_HOURS;
    const n = entry.offerCount + 1;
    const token = this.tokens.issue('offer', entry.id, n);
    const expiresAt = await this.repo.markOffered(m, entry.id, n, hours, WaitlistTokens.hash(token));
    const person = this.person(entry);
    const { values, org: look } = await this.communications.classValues(m, person);
    const expiry = new Date(expiresAt).toLocaleString('en-US', {
      timeZone: org.settings.timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    const offerUrl = `${this.publicUrl}/waitlist/offer/${token}`;
    const leaveUrl = `${this.publicUrl}/waitlist/leave/${this.tokens.issue('leave', entry.id)}`;
    const rich = { offerLink: linkValue(offerUrl, 'Register into your seat'), leaveLink: linkValue(leaveUrl, 'Leave the waitlist') };
    const all = { ...values, offerExpiresAt: expiry };
    // One message per offer whatever retries: the dedupe key names the entry and the offer's number.
    const key = `waitlist-offer:${entry.id}:${n}`;
    await this.webhooks.publish(m, entry.organizationId, 'waitlist.offered', {
      waitlistEntryId: entry.id,
      classId: entry.classId,
      firstName: entry.firstName,
      email: entry.email,
      offerNumber: n,
      offerExpiresAt: new Date(expiresAt).toISOString(),
    });
    await this.communications.queueAutomatic(m, person, 'waitlist_offer', `${key}:email`, all, look, [], 'email', undefined, rich);
    if (entry.communicationOptIn && entry.phone)
      await this.communications.queueAutomatic(m, person, 'waitlist_offer', `${key}:sms`, all, look, [], 'sms', undefined, {
        offerLink: { text: offerUrl, html: offerUrl },
      });
  }

  // --- acceptance (called by StudentsService inside the registering transaction) ---

  /**
   * Locks the offer the token names for a registration of `email` into `classId`: the registration then uses its held
   * seat instead of taking one. 404 for a bad link, 410 for a used or lapsed offer, 409 for another email.
   */
  async claimOffer(m: EntityManager, organizationId: string, classId: string, token: string, email: string): Promise<{ entryId: string }> {
    const named = this.tokens.read('offer', token);
    if (!named) throw new NotFoundException(BAD_LINK);
    const peek = await this.repo.byId(m, named.entryId);
    if (!peek || peek.organizationId !== organizationId || peek.classId !== classId) throw new NotFoundException(BAD_LINK);
    await this.classes.lock(m, classId, organizationId);
    const entry = await this.offerOf(m, token, true);
    this.assertOpen(entry);
    if (entry.email.toLowerCase() !== email.trim().toLowerCase()) throw new AppException(HttpStatus.CONFLICT, OTHER_EMAIL);
    return { entryId: entry.id };
  }

  /** An accepted entry's registration is still held or active (not cancelled, removed or lapsed). */
  private async registrationStands(entry: WaitlistEntry): Promise<boolean> {
    if (!entry.acceptedEnrollmentId) return false;
    const r = (await this.enrollments.enrollmentStates(entry.organizationId, [entry.acceptedEnrollmentId])).get(entry.acceptedEnrollmentId);
    return r?.status === 'held' || r?.status === 'active';
  }

  async offerAccepted(m: EntityManager, entryId: string, enrollmentId: string): Promise<void> {
    await this.repo.markAccepted(m, entryId, enrollmentId);
  }

  /** The card hold an accepted offer became was abandoned before any payment (CardHoldsService.abandonHold): open again. */
  async offerReturned(m: EntityManager, entryId: string, enrollmentId: string): Promise<void> {
    await this.repo.markReturned(m, entryId, enrollmentId);
  }

  private async offerOf(m: EntityManager | undefined, token: string, lock = false): Promise<WaitlistEntry> {
    const named = this.tokens.read('offer', token);
    const entry = named ? await this.repo.byId(m, named.entryId, lock) : null;
    if (!entry || !named) throw new NotFoundException(BAD_LINK);
    if (entry.offerTokenHash !== WaitlistTokens.hash(token))
      throw new AppException(HttpStatus.GONE, 'This offer has been replaced by a newer one. Please use the link from your latest email.');
    return entry;
  }

  private assertOpen(entry: WaitlistEntry): void {
    const gone: Record<string, string> = {
      accepted: 'This offer has already been used to register.',
      lapsed: 'This offer has expired and the seat has gone to the next person on the waitlist.',
      removed: 'This offer was withdrawn by the organization.',
      left: 'You have left the waitlist, so this offer is no longer valid.',
    };
    if (entry.status !== 'offered') throw new AppException(HttpStatus.GONE, gone[entry.status] ?? 'This offer is no longer valid.');
    if (entry.offerExpiresAt && new Date(entry.offerExpiresAt).getTime() <= Date.now())
      throw new AppException(HttpStatus.GONE, 'This offer has expired and the seat has gone to the next person on the waitlist.');
  }

  // --- the job's steps (waitlist.jobs.ts) ---

  /**
   * Lapses offers past their expiry, one class per transaction: the class row is claimed with SKIP LOCKED (another
   * instance on it: skip), the offers re-read under it, and each lapsed seat released, which passes it to the next
   * person in the same transaction (or, with nobody waiting, to the public).
   */
  async lapseExpired(): Promise<number> {
    let lapsed = 0;
    for (const c of await this.repo.classesWithExpiredOffers(JOB_BATCH)) {
      lapsed += await this.db.transaction(async (m) => {
        if (!(await this.classes.lockSkipLocked(m, c.classId))) return 0;
        const expired = await this.repo.expiredOffers(m, c.classId);
        for (const e of expired) await this.repo.setStatus(m, e.id, 'lapsed');
        await this.classes.releaseSeats(
          m,
          c.organizationId,
          expired.map(() => c.classId),
        );
        return expired.length;
      });
    }
    return lapsed;
  }

  /** Free seats while people wait (a crash between steps, a capacity raised outside the app): offered now. */
  async sweep(): Promise<number> {
    let offered = 0;
    for (const c of await this.repo.classesToFill(JOB_BATCH)) {
      offered += await this.db.transaction(async (m) => {
        if (!(await this.classes.lockSkipLocked(m, c.classId))) return 0;
        return this.fill(m, c.organizationId, c.classId);
      });
    }
    return offered;
  }

  /** Erasure of a person: their entries under this email are anonymised (data export's erasure asks). */
  anonymise(manager: EntityManager, organizationId: string, email: string): Promise<void> {
    return this.repo.anonymiseEmail(manager, organizationId, email);
  }
}
