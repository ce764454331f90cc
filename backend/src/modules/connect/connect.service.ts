import { HttpStatus, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { ConfigCopies, organizationIdOf, type OrganizationRef } from '../../common/cache/config-copies';
import { AppException } from '../../common/http/app-exception';
import type { AllConfigType } from '../../config/config.type';
import { OrganizationsService } from '../organizations/organizations.service';
import { StripeClient } from '../stripe/stripe.client';
import { UsageService } from '../subscriptions/usage.service';
import { accountState, isAccountId } from './account-state';
import { ConnectRepository, type ConnectAccountRow } from './connect.repository';

/** Whether an organization's connected account can take card payments, and where the money goes. */
export interface PaymentReadiness {
  stripeAccountId: string | null;
  chargesEnabled: boolean;
}

/** What the IT-admin portal shows of an organization's connected account (the same shape h-itadmin uses). */
export interface StaffConnectView {
  stripeAccountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Onboarding completed (Stripe's details_submitted). */
  detailsSubmitted: boolean;
}

/** The admin's read asks Stripe again when what is stored is older than this (account.updated keeps it fresher). */
export const STATUS_MAX_AGE_MS = 60_000;

export const LOCAL_MODE_MESSAGE =
  'Online card payments are not available on this server: Stripe is not configured (STRIPE_SECRET_KEY is unset). Students can still register and pay in person.';

/**
 * The organization's Stripe Connect (Express) account. Other modules ask here (never the table) whether card
 * payments can go to an organization, and to which account.
 */
@Injectable()
export class ConnectService {
  private readonly logger = new Logger('Connect');
  private readonly publicUrl: string;

  constructor(
    private readonly repo: ConnectRepository,
    private readonly stripe: StripeClient,
    private readonly usage: UsageService,
    private readonly orgs: OrganizationsService,
    @InjectDataSource() private readonly db: DataSource,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /**
   * Whether the organization can take card payments. Given the organization's row as this request read it, from a copy
   * kept under its `config_version` (ConfigCopies: a trigger bumps the number with every change of the account or of
   * whether it can take charges), so a card hold in an opening rush does not read the account on every seat.
   */
  readiness(org: OrganizationRef, manager?: EntityManager): Promise<PaymentReadiness> {
    return this.readinessCopies.get(org, '', async () => {
      const account = await this.repo.findByOrganization(organizationIdOf(org), manager);
      return { stripeAccountId: account?.stripeAccountId ?? null, chargesEnabled: account?.chargesEnabled ?? false };
    });
  }
  private readonly readinessCopies = new ConfigCopies<PaymentReadiness>(5000);

  /** Payment-provider state per organization for the IT-admin portal; organizations without an account are absent. */
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

  /**
   * One Express account per organization, whoever asks and however often: a second call (or two at the same
   * moment, on any instance) gets the account the first created. The advisory lock serialises the creators;
   * the idempotency key makes Stripe answer a retry after a crash between its reply and our insert with the
   * same account instead of a second one.
   */
  async createAccount(organizationId: string, email: string): Promise<{ account: ConnectAccountRow; created: boolean }> {
    await this.usage.assertFeature(organizationId, 'onlinePaymentCollection');
    const existing = await this.repo.findByOrganization(organizationId);
    if (existing) return { account: existing, created: false };
    this.assertConfigured();
    return this.db.transaction(async (m) => {
      await this.repo.lockOrganization(m, organizationId);
      const again = await this.repo.findByOrganization(organizationId, m);
      if (again) return { account: again, created: false };
      const account = await this.call('create the payment account', () =>
        this.stripe.api.accounts.create(
          {
            type: 'express',
            email,
            metadata: { organizationId },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          },
          { idempotencyKey: `classlane-connect-account-${organizationId}` },
        ),
      );
      if (!isAccountId(account.id)) throw new AppException(HttpStatus.BAD_GATEWAY, 'Stripe answered without a valid account id');
      return { account: await this.repo.insert(m, organizationId, account.id, accountState(account)), created: true };
    });
  }

  /** An Account Link into Stripe's hosted onboarding; Stripe sends the admin back to the Payment Setup tab. */
  async onboardingLink(organizationId: string): Promise<{ onboarding_url: string }> {
    await this.usage.assertFeature(organizationId, 'onlinePaymentCollection');
    this.assertConfigured();
    const account = await this.requireAccount(organizationId);
    const back = `${this.publicUrl}/admin/settings?tab=payments`;
    const link = await this.call('create the onboarding link', () =>
      this.stripe.api.accountLinks.create({
        account: account.stripeAccountId,
        type: 'account_onboarding',
        refresh_url: back,
        return_url: back,
      }),
    );
    return { onboarding_url: this.safeUrl(link.url) };
  }

  /** The Express dashboard ('Open Stripe Dashboard'); not gated by plan: payouts of past payments stay visible. */
  async dashboardLink(organizationId: string): Promise<{ url: string }> {
    this.assertConfigured();
    const account = await this.requireAccount(organizationId);
    const link = await this.call('create the dashboard link', () => this.stripe.api.accounts.createLoginLink(account.stripeAccountId));
    return { url: this.safeUrl(link.url) };
  }

  /** What the public registration page needs to decide whether to offer card payment. */
  async publicStatus(organizationId: string) {
    if (!(await this.orgs.exists(organizationId))) throw new NotFoundException('Organization not found');
    const account = await this.repo.findByOrganization(organizationId);
    return { hasAccount: Boolean(account), charges_enabled: account?.chargesEnabled ?? false };
  }

  /** Spec 3 §3 payment setup status, for the organization's own admin; refreshed from Stripe when stale. */
  async adminStatus(organizationId: string) {
    const validation = await this.orgs.subscriptionValidation(organizationId);
    let account = await this.repo.findByOrganization(organizationId);
    if (account && this.stripe.isConfigured && Date.now() - account.refreshedAt.getTime() > STATUS_MAX_AGE_MS) {
      account =
        (await this.refresh(account.stripeAccountId).catch((e: unknown) => {
          // A Stripe outage must not hide the setup screen: the stored state is shown with its age.
          this.logger.warn(`Refreshing account ${account!.stripeAccountId} failed: ${e instanceof Error ? e.message : String(e)}`);
          return null;
        })) ?? account;
    }
    return {
      hasActiveSubscription: validation.hasActiveSubscription,
      canAcceptOnlinePayments: validation.canAcceptOnlinePayments,
      planName: validation.planName,
      hasAccount: Boolean(account),
      charges_enabled: account?.chargesEnabled ?? false,
      payouts_enabled: account?.payoutsEnabled ?? false,
      details_submitted: account?.detailsSubmitted ?? false,
      requirements: account?.requirements ?? { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
      stripeConfigured: this.stripe.isConfigured,
      refreshedAt: account ? account.refreshedAt.toISOString() : null,
    };
  }

  /** Reads the account from Stripe and stores its state (the only source the state is ever taken from). */
  async refresh(stripeAccountId: string, manager?: EntityManager): Promise<ConnectAccountRow | null> {
    const account = await this.stripe.api.accounts.retrieve(stripeAccountId);
    return this.repo.saveState(stripeAccountId, accountState(account), manager);
  }

  /**
   * `account.updated`: the event names the account; its state is read back from Stripe rather than taken from
   * the payload, so events arriving late, twice or out of order all leave the account's current state. An
   * account that is not ours (or a malformed id) is ignored.
   */
  async applyAccountUpdated(event: Stripe.Event, manager: EntityManager): Promise<void> {
    const object = (event as { data?: { object?: { id?: unknown } } }).data?.object;
    const id = object?.id;
    if (!isAccountId(id) || !(await this.repo.accountExists(id, manager))) return;
    await this.refresh(id, manager);
  }

  private async requireAccount(organizationId: string): Promise<ConnectAccountRow> {
    const account = await this.repo.findByOrganization(organizationId);
    if (!account) throw new NotFoundException('This organization has no payment account yet. Set up payment processing first.');
    return account;
  }

  private assertConfigured(): void {
    if (!this.stripe.isConfigured) throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, LOCAL_MODE_MESSAGE);
  }

  /** Stripe's answer is a link the browser will follow: only an http(s) URL is passed on. */
  private safeUrl(url: unknown): string {
    if (typeof url === 'string' && /^https?:\/\/[^\s]+$/.test(url) && url.length <= 2000) return url;
    throw new AppException(HttpStatus.BAD_GATEWAY, 'Stripe answered without a valid link');
  }

  /** A Stripe failure is the provider's, not a crash: 502 with what Stripe said. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof Stripe.errors.StripeError) {
        this.logger.warn(`Stripe could not ${what}: ${e.message}`);
        throw new AppException(HttpStatus.BAD_GATEWAY, `Stripe could not ${what}: ${e.message}`);
      }
      throw e;
    }
  }
}
