import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type DueInstalment,
  type InstalmentOutcome,
  InstalmentLedgerRepository,
  type RecordedInstalment,
} from './instalment-ledger.repository';

export type { DueInstalment, InstalmentOutcome, RecordedInstalment } from './instalment-ledger.repository';

/**
 * The instalments' side of charging them (issue 40 §2): which are due, claimed under a lease by one instance at a
 * time, and each attempt's outcome recorded once (paid, processing, failed, or due again on the organization's retry
 * schedule). The payments module's InstalmentCharges calls Stripe between the two.
 */
@Injectable()
export class InstalmentLedger {
  constructor(private readonly repo: InstalmentLedgerRepository) {}

  claimDue(limit: number, leaseMs: number): Promise<DueInstalment[]> {
    return this.repo.claimDue(limit, leaseMs);
  }

  record(m: EntityManager, due: DueInstalment, outcome: InstalmentOutcome): Promise<RecordedInstalment | null> {
    return this.repo.record(m, due, outcome);
  }
}
