import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { AuthService } from '../auth/auth.service';
import { ActivityService } from '../activity/activity.service';
import { FREE_PLAN_ID } from '../subscriptions/plan-policy';
import { UsageService, type SeatPlan } from '../subscriptions/usage.service';
import { defaultBranding, defaultContactInfo, defaultSettings, DIALOG_SLOGAN } from './defaults';
import type { CreateOrganizationDto, UpdateOrganizationDto } from './dto/organization.dto';
import { mergeSettings } from './dto/organization-settings.dto';
import { sortTiers, type CancellationTier } from '../../common/cancellation-policy';
import { mapOrganization, mapPublicOrganization, type OrganizationEntity, type OrganizationSettings } from './organization.entity';
import { SettingsChangedHooks } from './settings-changed.hooks';
import { OrganizationsRepository } from './organizations.repository';

/** Settings as stored: the cancellation tiers in the one order the derived view reads (most days first). */
const storedSettings = <T extends { cancellationPolicies?: CancellationTier[] }>(s: T): T =>
  s.cancellationPolicies
    ? {
        ...s,
        cancellationPolicies: sortTiers(
          s.cancellationPolicies.map((t) => ({ daysBeforeClass: t.daysBeforeClass, refundPercentage: t.refundPercentage })),
        ),
      }
    : s;

const clean = <T extends object>(o: T | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Deep equality for JSON column values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(norm)
        : v;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly repo: OrganizationsRepository,
    private readonly usageService: UsageService,
    private readonly activity: ActivityService,
    private readonly auth: AuthService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly settingsChanged: SettingsChangedHooks,
  ) {}

  /** The registration dialog's create: the caller (a new admin without organization) becomes its admin. */
  async create(user: AuthUser, dto: CreateOrganizationDto) {
    if (user.organizationId) throw new ConflictException('You already belong to an organization');
    if (dto.domain && (await this.repo.domainTaken(dto.domain)))
      throw new ConflictException('This domain is already used by another organization');
    const org = await this.db.transaction(async (manager) => {
      const branding = { ...defaultBranding(dto.name), slogan: DIALOG_SLOGAN, ...clean(dto.branding) };
      branding.socialLinks = { ...defaultBranding(dto.name).socialLinks, ...clean(dto.branding?.socialLinks) };
      const created = await this.repo.insert(manager, {
        name: dto.name,
        domain: dto.domain || null,
        contactInfo: { ...defaultContactInfo(), email: user.email, ...clean(dto.contactInfo) },
        branding,
        settings: storedSettings(mergeSettings(defaultSettings(), dto.settings ?? {})),
        planId: 'free',
        subscriptionStatus: 'active',
      });
      // The dialog's defaults are no customization; anything else is custom branding, which Free lacks.
      if (!sameJson(branding, { ...defaultBranding(dto.name), slogan: DIALOG_SLOGAN })) {
        await this.usageService.assertFeature(created.id, 'customBranding', undefined, manager);
      }
      await this.auth.attachAsAdmin(manager, user.id, created.id);
      await this.activity.record(
        created.id,
        'organization_created',
        `${created.name} joined Classlane`,
        { organizationName: created.name },
        manager,
      );
      return created;
    });
    return { id: org.id, name: org.name };
  }

  async list(user: AuthUser) {
    if (!user.organizationId) return [];
    const org = await this.repo.findById(user.organizationId);
    return org ? [mapOrganization(org)] : [];
  }

  async get(id: string) {
    return mapOrganization(await this.require(id));
  }

  async update(id: string, dto: UpdateOrganizationDto) {
    const org = await this.require(id);
    if (dto.domain && (await this.repo.domainTaken(dto.domain, id)))
      throw new ConflictException('This domain is already used by another organization');
    const patch: Partial<OrganizationEntity> = { name: dto.name };
    if (dto.domain !== undefined) patch.domain = dto.domain || null;
    if (dto.contactInfo) patch.contactInfo = { ...org.contactInfo, ...clean(dto.contactInfo) };
    if (dto.branding) {
      patch.branding = {
        ...org.branding,
        ...clean(dto.branding),
        socialLinks: { ...org.branding.socialLinks, ...clean(dto.branding.socialLinks) },
      };
      // react-admin sends the whole record back: an unchanged branding is no branding write.
      if (!sameJson(patch.branding, org.branding)) await this.usageService.assertFeature(id, 'customBranding');
    }
    const sent = dto.settings;
    if (!sent) return mapOrganization(await this.repo.update(id, clean(patch)));
    // The settings merge as PUT /api/settings merges them: under the row lock, with the same hooks after.
    return mapOrganization(await this.updateSettings(id, (current) => mergeSettings(current, sent), clean(patch)));
  }

  async delete(id: string) {
    if (!(await this.repo.delete(id))) throw new NotFoundException(`Organization ${id} not found`);
    return { id, deleted: true };
  }

  async byDomain(domain: string) {
    const org = await this.repo.findByDomain(domain);
    if (!org) throw new NotFoundException(`No organization uses the domain ${domain}`);
    return mapPublicOrganization(org);
  }

  async publicOrganization(id: string) {
    return mapPublicOrganization(await this.require(id));
  }

  async subscriptionValidation(id: string) {
    const org = await this.require(id);
    const plan = await this.usageService.planOf(id);
    const usage = await this.usageService.usage(id);
    const hasActiveSubscription = ['active', 'trialing'].includes(org.subscriptionStatus);
    return {
      hasActiveSubscription,
      canAcceptOnlinePayments: hasActiveSubscription && plan.features.onlinePaymentCollection,
      planName: plan.name,
      plan,
      usage,
    };
  }

  /**
   * Locks the organization row for the caller's transaction: plan-limit checks and registrations of one
   * organization run one after the other. Lock order everywhere: organization, then class.
   */
  lockForUpdate(manager: EntityManager, id: string) {
    return this.repo.lockForUpdate(manager, id);
  }

  /**
   * The one write of the organization's settings (PUT /api/settings and the organization route alike): validated
   * before, applied under the row lock (see the repository) with any other columns of the same request, the tiers
   * stored most days first.
   */
  async updateSettings(
    id: string,
    change: (current: OrganizationSettings) => OrganizationSettings,
    patch: Partial<OrganizationEntity> = {},
  ) {
    const org = await this.repo.updateSettings(id, (current) => storedSettings(change(current)), patch);
    if (!org) throw new NotFoundException(`Organization ${id} not found`);
    this.settingsChanged.run(id);
    return org;
  }

  /** The cancellation policy in force now, read in the caller's transaction (frozen onto a new enrollment). */
  cancellationPolicies(manager: EntityManager, id: string) {
    return this.repo.cancellationPolicies(manager, id);
  }

  exists(id: string) {
    return this.repo.exists(id);
  }

  /** IT-admin organizations list. */
  listForStaff(params: {
    q?: string;
    sortField: 'created_at' | 'name' | 'updated_at';
    sortOrder: 'ASC' | 'DESC';
    offset: number;
    limit: number;
  }) {
    return this.repo.listForStaff(params);
  }

  /** The organization row, or null (IT-admin reads). */
  findById(id: string) {
    return this.repo.findById(id);
  }

  /**
   * Deletes the organization and, by ON DELETE CASCADE, everything it owns (users, classes, students, enrollments,
   * attendance, activity, refunds, connect account, messages). Inside the caller's transaction (IT-admin delete).
   */
  deleteWithin(manager: EntityManager, id: string) {
    return this.repo.deleteWithin(manager, id);
  }

  /** The sitemap's organization pages. */
  listForSitemap(limit: number) {
    return this.repo.listForSitemap(limit);
  }

  /** With `manager`: read in the caller's transaction (no second pool connection while it holds one). */
  /**
   * A registration's read of the organization (its price rules, cancellation policy, confirmation look and
   * config_version) and of the plan its seat checks use, in one statement before the transaction.
   */
  async requireForRegistration(id: string): Promise<{ org: OrganizationEntity; seatPlan: SeatPlan }> {
    const found = await this.repo.findWithPlanFacts(id, FREE_PLAN_ID);
    if (!found) throw new NotFoundException(`Organization ${id} not found`);
    return { org: found.org, seatPlan: this.usageService.seatPlanFromRows(id, found.facts) };
  }

  async require(id: string, manager?: EntityManager): Promise<OrganizationEntity> {
    const org = await this.repo.findById(id, manager);
    if (!org) throw new NotFoundException(`Organization ${id} not found`);
    return org;
  }
}

/** The same tiers as `OrganizationsService.cancellationPolicies`, from an organization the caller already read. */
export function cancellationPoliciesOf(org: Pick<OrganizationEntity, 'settings'>): { daysBeforeClass: number; refundPercentage: number }[] {
  const tiers = org.settings?.cancellationPolicies;
  return Array.isArray(tiers) ? tiers : [];
}
