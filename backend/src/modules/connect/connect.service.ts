import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ConnectRepository } from './connect.repository';

/** Whether an organization's connected account can take card payments, and where the money goes. */
export interface PaymentReadiness {
  stripeAccountId: string | null;
  chargesEnabled: boolean;
}

/** What the IT-admin portal shows of an organization's connected account. */
export interface StaffConnectView {
  stripeAccountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Onboarding completed (Stripe's details_submitted). */
  detailsSubmitted: boolean;
}

/**
 * The organization's Stripe Connect (Express) account. Other modules ask here (never the table) whether card
 * payments can go to an organization, and to which account.
 */
@Injectable()
export class ConnectService {
  constructor(private readonly repo: ConnectRepository) {}

  async readiness(organizationId: string, manager?: EntityManager): Promise<PaymentReadiness> {
    const account = await this.repo.findByOrganization(organizationId, manager);
    return { stripeAccountId: account?.stripeAccountId ?? null, chargesEnabled: account?.chargesEnabled ?? false };
  }

  /** Payment-provider state per organization for the IT-admin portal (issue 13); organizations without an account are absent. */
  async accountsOf(organizationIds: string[]): Promise<Map<string, StaffConnectView>> {
    const rows = await this.repo.findByOrganizations(organizationIds);
    return new Map(
      rows.map((r) => [
        r.organizationId,
        {
          stripeAccountId: r.stripeAccountId,
          chargesEnabled: r.chargesEnabled,
          payoutsEnabled: r.payoutsEnabled,
          detailsSubmitted: r.detailsSubmitted,
        },
      ]),
    );
  }
}
