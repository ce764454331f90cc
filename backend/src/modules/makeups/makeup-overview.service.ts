import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Entitlement } from '../credits/credit.types';
import { CreditsLedger } from '../credits/credits-ledger';
import { MakeupsRepository, type AbsenceRow, type UpcomingSession } from './makeups.repository';

/** How far ahead the portal lists sessions a student may say they will miss. */
const UPCOMING_DAYS = 60;

export type TokenState = 'usable' | 'used' | 'expired' | 'revoked';

export interface MakeupTokenView {
  id: string;
  holderStudentId: string;
  label: string | null;
  remaining: number;
  validFrom: string;
  validUntil: string | null;
  state: TokenState;
}

/** A token as the portal shows it: its expiry and whether it can still be used (judged by today in the organization's zone). */
export function tokenView(e: Entitlement, today: string): MakeupTokenView {
  const state: TokenState = e.revokedAt
    ? 'revoked'
    : e.remaining <= 0
      ? 'used'
      : e.validUntil !== null && e.validUntil < today
        ? 'expired'
        : 'usable';
  return {
    id: e.id,
    holderStudentId: e.holderStudentId,
    label: e.label,
    remaining: e.remaining,
    validFrom: e.validFrom,
    validUntil: e.validUntil,
    state,
  };
}

/** The portal's make-up page: the student's (and household's) tokens, reported absences and upcoming sessions. */
@Injectable()
export class MakeupOverviewService {
  constructor(
    private readonly repo: MakeupsRepository,
    private readonly ledger: CreditsLedger,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async overview(
    organizationId: string,
    studentId: string,
  ): Promise<{ tokens: MakeupTokenView[]; absences: AbsenceRow[]; upcoming: UpcomingSession[] }> {
    const m = this.db.manager;
    const [{ today }, all, absences, upcoming] = await Promise.all([
      this.ledger.balance(m, organizationId, studentId),
      this.ledger.entitlementsOf(m, organizationId, studentId),
      this.repo.absencesFor(m, organizationId, studentId),
      this.repo.upcomingFor(m, organizationId, studentId, UPCOMING_DAYS),
    ]);
    const tokens = all.filter((e) => e.kind === 'makeup_token').map((e) => tokenView(e, today));
    return { tokens, absences, upcoming };
  }
}
