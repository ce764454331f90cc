import { HttpStatus, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { toDollars } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { SeatsFreedHooks } from '../classes/seats-freed.hooks';
import { ConnectService } from '../connect/connect.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { PricingService } from '../pricing/pricing.service';
import { EnrollmentsService } from '../registration/enrollments.service';
import { SeatOffers, type SeatOfferSource } from '../registration/seat-offers';
import { StripeClient } from '../stripe/stripe.client';
import { WebhookEvents } from '../webhooks/webhook-events';
import { WaitlistMessages } from './waitlist-messages';
import { WaitlistRepository, type WaitlistEntry } from './waitlist.repository';
import { WaitlistTokens } from './waitlist-tokens';

export const DEFAULT_OFFER_HOURS = 24;
export const NO_FREE_SEAT = 'No seat is free to offer';
export const BAD_LINK = 'This waitlist link is not valid. Please use the link from your email.';
const OTHER_EMAIL = 'This seat was offered to another email address. Please register with the email address the offer was sent to.';

/**
 * Timed seat offers. An offer HOLDS a seat: it is counted in the class's seat counter from the moment it is made, so
 * nobody else can take it. Seats freed anywhere in the app reach `fill` inside the releasing transaction (the classes
 * module's seats-freed hook), so a freed seat never becomes visible to a public registrant while someone waits.
 * Accepting an offer registers into the held seat: registration calls `claimOffer`/`offerAccepted` through its
 * SeatOffers port, from register and the card hold.
 */
@Injectable()
export class WaitlistOffersService implements SeatOfferSource, OnModuleInit {
  constructor(
    private readonly repo: WaitlistRepository,
    private readonly tokens: WaitlistTokens,
    private readonly messages: WaitlistMessages,
    private readonly classes: ClassesService,
    private readonly enrollments: EnrollmentsService,
    private readonly seatOffers: SeatOffers,
    private readonly seatsFreed: SeatsFreedHooks,
    private readonly orgs: OrganizationsService,
    private readonly connect: ConnectService,
    private readonly stripe: StripeClient,
    private readonly webhooks: WebhookEvents,
    private readonly pricing: PricingService,
  ) {}

  onModuleInit(): void {
    this.seatsFreed.register({
      seatsFreed: async (m, organizationId, classIds) => {
        for (const classId of classIds) await this.fill(m, organizationId, classId);
      },
    });
    this.seatOffers.fill(this);
  }

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

  /** The entry's seat is taken by the caller: the offer, its expiry and its messages commit with it. */
  async offer(m: EntityManager, entry: WaitlistEntry): Promise<void> {
    const org = await this.orgs.require(entry.organizationId, m);
    const hours = (org.settings as { waitlistOfferHours?: number }).waitlistOfferHours ?? DEFAULT_OFFER_HOURS;
    const n = entry.offerCount + 1;
    const token = this.tokens.issue('offer', entry.id, n);
    const expiresAt = await this.repo.markOffered(m, entry.id, n, hours, WaitlistTokens.hash(token));
    await this.webhooks.publish(m, entry.organizationId, 'waitlist.offered', {
      waitlistEntryId: entry.id,
      classId: entry.classId,
      firstName: entry.firstName,
      email: entry.email,
      offerNumber: n,
      offerExpiresAt: new Date(expiresAt).toISOString(),
    });
    await this.messages.queueOffer(m, entry, { number: n, token, expiresAt, timeZone: org.settings.timeZone });
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

  // --- acceptance (registration calls these through its SeatOffers port, inside the registering transaction) ---

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
  async registrationStands(entry: WaitlistEntry): Promise<boolean> {
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
}
