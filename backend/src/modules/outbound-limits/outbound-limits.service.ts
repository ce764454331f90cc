import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboundBudget } from './outbound-budget';
import { OutboundLimitsRepository } from './outbound-limits.repository';

/** One kind's figures as the IT-admin portal shows them. */
export interface OutboundLimit {
  /** The organization's own figure, or null when it follows the deployment's default. */
  perMinute: number | null;
  /** The deployment's default (OUTBOUND_MESSAGES_PER_MINUTE, WEBHOOK_DELIVERIES_PER_MINUTE). */
  defaultPerMinute: number;
  /** What applies now: its own figure, else the default. */
  effectivePerMinute: number;
  /** Claimed for sending in the current minute, all instances together. */
  usedThisMinute: number;
}

export interface OutboundLimits {
  messages: OutboundLimit;
  webhooks: OutboundLimit;
}

/** The figures platform staff set per organization; null returns a kind to the default. */
export interface OutboundLimitsChange {
  messagesPerMinute?: number | null;
  webhooksPerMinute?: number | null;
}

/** Reads and sets an organization's outbound limits (the IT-admin portal; platform staff only). */
@Injectable()
export class OutboundLimitsService {
  constructor(
    private readonly repo: OutboundLimitsRepository,
    private readonly budget: OutboundBudget,
  ) {}

  async read(organizationId: string, m?: EntityManager): Promise<OutboundLimits> {
    const row = await this.repo.read(organizationId, m);
    const limit = (own: number | null, kind: 'message' | 'webhook', used: number): OutboundLimit => {
      const defaultPerMinute = this.budget.defaultPerMinute(kind);
      return { perMinute: own, defaultPerMinute, effectivePerMinute: own ?? defaultPerMinute, usedThisMinute: used };
    };
    return {
      messages: limit(row.messages, 'message', row.usedMessages),
      webhooks: limit(row.webhooks, 'webhook', row.usedWebhooks),
    };
  }

  /** Sets the given kinds (an absent key keeps its figure) and answers the result, in the caller's transaction. */
  async update(organizationId: string, change: OutboundLimitsChange, m: EntityManager): Promise<OutboundLimits> {
    await this.repo.upsert(m, organizationId, change);
    return this.read(organizationId, m);
  }
}
