import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { CreditProductsRepository } from './credit-products.repository';
import { CreditSaleGrants } from './credit-sale-grants';
import { CreditSalesRepository } from './credit-sales.repository';
import type { FreezeDto } from './dto/membership.dto';
import { MembershipAnnouncements } from './membership-announcements';
import { MembershipRenewals } from './membership-renewals';
import { MembershipRenewalsRepository } from './membership-renewals.repository';
import { MembershipError, MembershipException } from './memberships.exception';
import { MembershipsRepository, type Membership } from './memberships.repository';

/** A membership as the admin (and the member) sees it. */
export function membershipView(ms: Membership) {
  return {
    id: ms.id,
    productId: ms.productId,
    saleId: ms.saleId,
    studentId: ms.studentId,
    status: ms.status,
    period: ms.period,
    channel: ms.channel,
    currentPeriodStart: ms.currentPeriodStart,
    currentPeriodEnd: ms.currentPeriodEnd,
    cancelAtPeriodEnd: ms.cancelAtPeriodEnd,
    frozenFrom: ms.frozenFrom,
    frozenUntil: ms.frozenUntil,
    hasSavedMethod: ms.hasSavedMethod,
    renewal: {
      attempts: ms.renewalAttempts,
      lastOutcome: ms.renewalLastOutcome,
      lastDeclineCode: ms.renewalLastDeclineCode,
      nextAttemptAt: ms.renewalAwaitingPayer ? null : ms.renewalNextAttemptAt,
      awaitingPayer: ms.renewalAwaitingPayer,
      /** When a renewal the payer must pay on-session lapses unless paid. */
      lapsesAt: ms.renewalAwaitingPayer ? ms.renewalNextAttemptAt : null,
      renewedAt: ms.renewedAt,
    },
    createdAt: ms.createdAt,
  };
}

const refused = (code: MembershipError, message: string) => new MembershipException(code, message);
const notFound = (id: string) => refused(MembershipError.NotFound, `Membership ${id} not found`);
const MAX_FREEZE_DAYS = 366;

/**
 * The membership's state changes (issue 41 §2, §4) for the admin and the member's portal: cancel at period end (and
 * take it back), freeze with dates (the renewal waits for the freeze's end; never from a day already past), the admin's
 * "renew now" (the off-session path of the job, one charge however many admins press it at once) and an in-person
 * renewal marked paid (the next period and its allowance in the same transaction). Every read and write is scoped to
 * the caller's organization; `studentIds` narrows it to one person's household in the portal.
 */
@Injectable()
export class MembershipsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: MembershipsRepository,
    private readonly renewalsRepo: MembershipRenewalsRepository,
    private readonly renewals: MembershipRenewals,
    private readonly products: CreditProductsRepository,
    private readonly sales: CreditSalesRepository,
    private readonly grants: CreditSaleGrants,
    private readonly announce: MembershipAnnouncements,
    private readonly activity: ActivityService,
  ) {}

  async list(organizationId: string, studentId?: string) {
    return (await this.repo.list(organizationId, studentId)).map(membershipView);
  }

  async ofStudents(organizationId: string, studentIds: string[]) {
    return (await this.repo.ofStudents(organizationId, studentIds)).map(membershipView);
  }

  async one(organizationId: string, id: string, studentIds?: string[]) {
    return membershipView(await this.owned(this.db.manager, organizationId, id, studentIds));
  }

  async cancelAtPeriodEnd(organizationId: string, id: string, cancel: boolean, by: string, studentIds?: string[]) {
    return this.db.transaction(async (m) => {
      await this.changeable(m, organizationId, id, studentIds);
      const ms = (await this.repo.setCancelAtPeriodEnd(m, organizationId, id, cancel))!;
      await this.log(m, ms, cancel ? 'membership_cancel_at_period_end' : 'membership_cancel_undone', by, {});
      return membershipView(ms);
    });
  }

  async freeze(organizationId: string, id: string, dto: FreezeDto, by: string, studentIds?: string[]) {
    return this.db.transaction(async (m) => {
      await this.changeable(m, organizationId, id, studentIds);
      for (const d of [dto.from, dto.until])
        if (new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) !== d)
          throw refused(MembershipError.FreezeInvalid, `${d} is not a date.`);
      const today = await this.repo.today(m, organizationId);
      if (dto.from < today)
        throw refused(MembershipError.FreezeInPast, `A freeze cannot start in the past: its first day must be ${today} or later.`);
      if (dto.until < dto.from) throw refused(MembershipError.FreezeInvalid, 'The last day of a freeze cannot be before its first day.');
      if ((Date.parse(dto.until) - Date.parse(dto.from)) / 86_400_000 + 1 > MAX_FREEZE_DAYS)
        throw refused(MembershipError.FreezeInvalid, `A freeze lasts at most ${MAX_FREEZE_DAYS} days.`);
      const ms = (await this.repo.setFreeze(m, organizationId, id, dto.from, dto.until))!;
      await this.log(m, ms, 'membership_frozen', by, { from: dto.from, until: dto.until });
      return membershipView(ms);
    });
  }

  async unfreeze(organizationId: string, id: string, by: string, studentIds?: string[]) {
    return this.db.transaction(async (m) => {
      await this.changeable(m, organizationId, id, studentIds);
      const ms = (await this.repo.setFreeze(m, organizationId, id, null, null))!;
      await this.log(m, ms, 'membership_unfrozen', by, {});
      return membershipView(ms);
    });
  }

  /** The admin's "renew now" of a card membership whose period ended: one off-session charge, its outcome as recorded. */
  async renewNow(organizationId: string, id: string) {
    const ms = await this.owned(this.db.manager, organizationId, id);
    if (ms.status === 'cancelled' || ms.status === 'lapsed') throw refused(MembershipError.Ended, `This membership is ${ms.status}.`);
    if (ms.channel !== 'card' || !ms.hasSavedMethod)
      throw refused(MembershipError.NoSavedMethod, 'This membership has no saved card: mark its renewal paid when it is paid in person.');
    const done = await this.renewals.renewNow(organizationId, id);
    if (!done) {
      const now = await this.owned(this.db.manager, organizationId, id);
      if (now.status === 'active' && now.currentPeriodEnd >= (await this.repo.today(this.db.manager, organizationId)))
        throw refused(MembershipError.NotDue, `This membership is paid until ${now.currentPeriodEnd}: there is no renewal to charge yet.`);
      throw refused(MembershipError.RenewalInProgress, 'This renewal is being charged right now. Please reload in a minute.');
    }
    const o = done.outcome;
    if (o.kind === 'unavailable' || o.kind === 'ambiguous')
      throw refused(MembershipError.CardUnavailable, 'Card payments are not available right now: the renewal will be tried again.');
    return {
      outcome: o.kind,
      declineCode: 'declineCode' in o ? (o.declineCode ?? o.code) : null,
      membership: membershipView(done.membership),
    };
  }

  /** An in-person membership's renewal paid at the desk: the next period and its allowance, at once. */
  async markRenewalPaid(organizationId: string, id: string, actorUserId: string) {
    return this.db.transaction(async (m) => {
      const ms = await this.owned(m, organizationId, id, undefined, true);
      if (ms.status === 'cancelled' || ms.status === 'lapsed') throw refused(MembershipError.Ended, `This membership is ${ms.status}.`);
      if (ms.channel === 'card')
        throw refused(MembershipError.RenewalIsCard, "A card membership renews on its saved card: use 'renew now'.");
      const renewed = await this.renewalsRepo.markPaid(m, organizationId, id);
      if (!renewed) throw refused(MembershipError.NotDue, `This membership is paid until ${ms.currentPeriodEnd}: there is no renewal yet.`);
      const product = (await this.products.find(organizationId, ms.productId, m))!;
      const sale = (await this.sales.find(m, organizationId, ms.saleId))!;
      await this.grants.grantPeriod(m, renewed, product, actorUserId, 'Membership renewal paid in person');
      await this.announce.renewed(m, renewed, product, { via: 'in-person', amountCents: sale.amountCents, paymentIntentId: null });
      return membershipView(renewed);
    });
  }

  private async owned(m: EntityManager, organizationId: string, id: string, studentIds?: string[], lock = false): Promise<Membership> {
    const ms = await this.repo.find(m, organizationId, id, lock);
    if (!ms || (studentIds && !studentIds.includes(ms.studentId))) throw notFound(id);
    return ms;
  }

  private async changeable(m: EntityManager, organizationId: string, id: string, studentIds?: string[]): Promise<Membership> {
    const ms = await this.owned(m, organizationId, id, studentIds, true);
    if (ms.status === 'cancelled' || ms.status === 'lapsed') throw refused(MembershipError.Ended, `This membership is ${ms.status}.`);
    return ms;
  }

  private log(m: EntityManager, ms: Membership, action: string, by: string, extra: Record<string, unknown>) {
    return this.activity.record(
      ms.organizationId,
      'credit_changed',
      `Membership ${action.replace(/_/g, ' ').replace('membership ', '')}`,
      { action, membershipId: ms.id, studentId: ms.studentId, by, ...extra },
      m,
    );
  }
}
