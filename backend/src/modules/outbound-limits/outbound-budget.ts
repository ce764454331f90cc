import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { type OutboundKind, OutboundLimitsRepository } from './outbound-limits.repository';

export type { OutboundKind } from './outbound-limits.repository';

/**
 * Each organization's allowance of outbound volume per minute, shared by every instance. The dispatchers ask it, inside
 * the transaction that claims work, how much each organization may still send this minute, and tell it what they took:
 * - `open` drops, without locking, the organizations that spent this minute's allowance, so they do not take a batch's
 *   round-robin slot (common/db/fair-share.ts) while others wait; their rows stay due and go the next minute.
 * - `hold` locks the usage rows of the organizations a batch will serve and answers what each may still take. A row
 *   another instance holds is skipped (SKIP LOCKED), as the outbox skips rows: that instance is serving that
 *   organization right now, and waiting for it would serialise the instances.
 * - `spend` adds what was claimed, before the claim commits: the next instance to hold the row sees it.
 * A claim that rolls back spends nothing. Claimed rows that are then skipped (opted out, quiet hours) are not spent.
 */
@Injectable()
export class OutboundBudget {
  private readonly defaults: Record<OutboundKind, number>;

  constructor(
    private readonly repo: OutboundLimitsRepository,
    config: ConfigService<AllConfigType>,
  ) {
    this.defaults = {
      message: config.getOrThrow('communications', { infer: true }).messagesPerMinute,
      webhook: config.getOrThrow('integrations', { infer: true }).webhookDeliveriesPerMinute,
    };
  }

  /** The deployment's figure for organizations without their own. */
  defaultPerMinute(kind: OutboundKind): number {
    return this.defaults[kind];
  }

  /** `organizationIds` (in their order) that have allowance left this minute. */
  async open(m: EntityManager, kind: OutboundKind, organizationIds: string[]): Promise<string[]> {
    return organizationIds.length ? this.repo.open(m, kind, organizationIds, this.defaults[kind]) : [];
  }

  /**
   * Locks the usage rows of `organizationIds` for the caller's transaction and answers what each may still take this
   * minute. Organizations whose row another instance holds are absent from the answer (take nothing for them now).
   */
  async hold(m: EntityManager, kind: OutboundKind, organizationIds: string[]): Promise<Map<string, number>> {
    return organizationIds.length ? this.repo.hold(m, kind, organizationIds, this.defaults[kind]) : new Map();
  }

  /** Counts what was claimed, per organization, in this minute's window (rows held by `hold` in this transaction). */
  async spend(m: EntityManager, kind: OutboundKind, taken: Map<string, number>): Promise<void> {
    const spent = [...taken].filter(([, n]) => n > 0);
    if (spent.length) await this.repo.spend(m, kind, spent);
  }
}

/** How many rows of each organization a claim took. */
export function countByOrganization(rows: { organizationId: string }[]): Map<string, number> {
  const taken = new Map<string, number>();
  for (const r of rows) taken.set(r.organizationId, (taken.get(r.organizationId) ?? 0) + 1);
  return taken;
}
