import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { creditReply, shown } from './credit-view';
import { unitOf, type Entitlement } from './credit.types';
import { CreditsLedger } from './credits-ledger';
import { CreditError, CreditException } from './credits.exception';
import type { CreditValidityDto, GrantCreditDto, RevokeCreditDto, TransferCreditDto } from './dto/credit.dto';
import type { CreditResponseDto, StudentCreditsResponseDto } from './dto/credit.response';

/** The API's amount (uses, or dollars for account credit) in the ledger's unit (uses or cents). */
const ledgerAmount = (kind: Entitlement['kind'], amount: number) => (unitOf(kind) === 'cents' ? Math.round(amount * 100) : amount);

/**
 * The admin's view of a student's credits and the admin's changes (issue 41 §4): grant, change the validity, revoke,
 * move to a household member. Each change is one transaction: the ledger's movement (with who and why) and the
 * activity log's event commit together.
 */
@Injectable()
export class CreditsAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: CreditsLedger,
    private readonly activity: ActivityService,
  ) {}

  async view(organizationId: string, studentId: string): Promise<StudentCreditsResponseDto> {
    const m = this.db.manager;
    if (!(await this.ledger.holder(m, organizationId, studentId))) throw new CreditException(CreditError.NotFound, 'Student not found.');
    const [balance, all] = await Promise.all([
      this.ledger.balance(m, organizationId, studentId),
      this.ledger.entitlementsOf(m, organizationId, studentId),
    ]);
    const movements = await this.ledger.movementsOf(
      m,
      organizationId,
      all.map((e) => e.id),
    );
    return {
      today: balance.today,
      uses: balance.uses,
      dollars: balance.cents / 100,
      credits: all.map((e) => creditReply(e, movements, balance.today)),
    };
  }

  grant(organizationId: string, userId: string, studentId: string, dto: GrantCreditDto): Promise<CreditResponseDto> {
    return this.db.transaction(async (m) => {
      const e = await this.ledger.grant(m, {
        organizationId,
        holderStudentId: studentId,
        household: dto.household ?? false,
        kind: dto.kind,
        amount: ledgerAmount(dto.kind, dto.amount),
        scope: dto.scope,
        scopeClassIds: dto.classIds,
        scopeTermId: dto.termId,
        validFrom: dto.validFrom,
        validUntil: dto.validUntil ?? null,
        source: 'admin_grant',
        label: dto.label ?? null,
        actorUserId: userId,
        reason: dto.reason,
      });
      await this.record(m, organizationId, 'credit_granted', e, `Granted ${describe(e, e.grantedAmount)}: ${dto.reason}`, {
        action: 'grant',
      });
      return this.reply(m, organizationId, e.id);
    });
  }

  changeValidity(organizationId: string, userId: string, id: string, dto: CreditValidityDto): Promise<CreditResponseDto> {
    return this.db.transaction(async (m) => {
      const mv = await this.ledger.changeValidity(m, {
        organizationId,
        entitlementId: id,
        validFrom: dto.validFrom,
        validUntil: dto.validUntil,
        actorUserId: userId,
        reason: dto.reason,
      });
      const e = (await this.ledger.find(m, organizationId, id))!;
      await this.record(
        m,
        organizationId,
        'credit_changed',
        e,
        `Credit valid ${e.validFrom} to ${e.validUntil ?? 'no expiry'}: ${dto.reason}`,
        {
          action: 'validity',
          ...mv.detail,
        },
      );
      return this.reply(m, organizationId, id);
    });
  }

  revoke(organizationId: string, userId: string, id: string, dto: RevokeCreditDto): Promise<CreditResponseDto> {
    return this.db.transaction(async (m) => {
      const mv = await this.ledger.revoke(m, { organizationId, entitlementId: id, actorUserId: userId, reason: dto.reason });
      const e = (await this.ledger.find(m, organizationId, id))!;
      await this.record(m, organizationId, 'credit_changed', e, `Revoked ${describe(e, -mv.amount)}: ${dto.reason}`, { action: 'revoke' });
      return this.reply(m, organizationId, id);
    });
  }

  transfer(
    organizationId: string,
    userId: string,
    id: string,
    dto: TransferCreditDto,
  ): Promise<{ from: CreditResponseDto; to: CreditResponseDto }> {
    return this.db.transaction(async (m) => {
      const source = await this.ledger.find(m, organizationId, id);
      if (!source) throw new CreditException(CreditError.NotFound, 'Credit not found.');
      const { to } = await this.ledger.transfer(m, {
        organizationId,
        entitlementId: id,
        toStudentId: dto.toStudentId,
        amount: ledgerAmount(source.kind, dto.amount),
        actorUserId: userId,
        reason: dto.reason,
      });
      await this.record(
        m,
        organizationId,
        'credit_changed',
        source,
        `Moved ${describe(source, to.grantedAmount)} to a household member: ${dto.reason}`,
        {
          action: 'transfer',
          toEntitlementId: to.id,
          toStudentId: to.holderStudentId,
        },
      );
      return { from: await this.reply(m, organizationId, id), to: await this.reply(m, organizationId, to.id) };
    });
  }

  private async reply(m: EntityManager, organizationId: string, id: string): Promise<CreditResponseDto> {
    const [e, movements, today] = await Promise.all([
      this.ledger.find(m, organizationId, id),
      this.ledger.movementsOf(m, organizationId, [id]),
      this.ledger.today(m, organizationId),
    ]);
    return creditReply(e!, movements, today);
  }

  private record(
    m: EntityManager,
    organizationId: string,
    type: 'credit_granted' | 'credit_changed',
    e: Entitlement,
    description: string,
    metadata: Record<string, unknown>,
  ) {
    return this.activity.record(organizationId, type, description, { ...metadata, entitlementId: e.id, studentId: e.holderStudentId }, m);
  }
}

const KIND_WORDS: Record<Entitlement['kind'], string> = {
  pack: 'pack use',
  membership_allowance: 'membership use',
  makeup_token: 'make-up token',
  account_credit: 'account credit',
};

/** "3 pack uses", "$25.00 of account credit". */
function describe(e: Entitlement, amount: number): string {
  if (unitOf(e.kind) === 'cents') return `$${shown(e, amount).toFixed(2)} of account credit`;
  return `${amount} ${KIND_WORDS[e.kind]}${amount === 1 ? '' : 's'}`;
}
