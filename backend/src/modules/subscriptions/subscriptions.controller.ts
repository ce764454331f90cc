import { Body, Controller, ForbiddenException, Get, HttpCode, HttpStatus, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiKeyAccess } from '../../common/auth/api-key';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { PlanResponseDto } from './dto/plan.response';
import { CreateCheckoutDto, CreateCustomerDto, DowngradeDto, PortalDto, UpdateSubscriptionDto, UpgradeDto } from './dto/subscription.dto';
import {
  AccessReportResponseDto,
  CanPerformResponseDto,
  CheckoutSessionResponseDto,
  CustomerResponseDto,
  FeatureAccessResponseDto,
  PortalResponseDto,
  SubscriptionResponseDto,
  UsageLimitsResponseDto,
  SubscriptionUsageResponseDto,
} from './dto/subscription.response';
import type { PlanFeature } from './plan.entity';
import { ACTIONS, type PlanAction } from './plan-policy';
import { SubscriptionsService } from './subscriptions.service';
import { FEATURE_LABELS, UsageService } from './usage.service';

/** `{id}` is always the organization's id, and only its own admin may use it (spec README decision 4). */
function own(user: AuthUser, id: string) {
  if (user.organizationId !== id) throw new ForbiddenException('You can only access your own organization');
  return id;
}

/**
 * Subscription billing and plan access (spec 3 §7 paths). Admins of the organization only; the
 * calls that need Stripe answer 503 without it. Body organizationIds are checked by the auth guard (403).
 */
// An API key may read the plan and its usage, never change or pay for a subscription.
@ApiKeyAccess('read')
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly usage: UsageService,
  ) {}

  @ApiEnvelope(PlanResponseDto, { isArray: true, description: 'Active plans in display order (prices in cents a month)' })
  @Public()
  @Get('plans')
  plans() {
    return this.subscriptions.plans();
  }

  @ApiEnvelope(CustomerResponseDto, { status: 201, description: 'One Stripe customer per organization: a second call returns it' })
  @Roles(Role.Admin)
  @Post('customer')
  customer(@CurrentUser() user: AuthUser, @Body() dto: CreateCustomerDto) {
    return this.subscriptions.createCustomer(own(user, dto.organizationId), dto.name, dto.email);
  }

  @ApiEnvelope(CheckoutSessionResponseDto, { status: 201, description: 'A Stripe Checkout session for a paid plan' })
  @Roles(Role.Admin)
  @Post('create')
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateCheckoutDto) {
    return this.subscriptions.createCheckout(own(user, dto.organizationId), dto.priceId, dto.trialDays, {
      name: `${user.firstName} ${user.lastName}`.trim() || user.email,
      email: user.email,
    });
  }

  @ApiEnvelope(SubscriptionResponseDto, { description: 'A plan change: an upgrade (now) or a downgrade (period end) by price' })
  @Roles(Role.Admin)
  @Post('update')
  @HttpCode(HttpStatus.OK)
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateSubscriptionDto) {
    return this.subscriptions.change(
      own(user, dto.organizationId),
      dto.newPlanId,
      dto.newPriceId,
      dto.prorationBehavior ?? 'create_prorations',
    );
  }

  @ApiEnvelope(SubscriptionUsageResponseDto)
  @Roles(Role.Admin)
  @Get('usage/:id')
  async usageOf(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string) {
    const plan = await this.usage.planOf(own(user, id));
    return { planId: plan.id, planName: plan.name, ...(await this.usage.usage(id)), limits: plan.limits };
  }

  @ApiEnvelope(FeatureAccessResponseDto)
  @Roles(Role.Admin)
  @Get('feature-access/:id/:feature')
  async featureAccess(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string, @Param('feature') feature: string) {
    if (!Object.hasOwn(FEATURE_LABELS, feature)) throw new NotFoundException(`Unknown feature ${feature}`);
    const report = await this.usage.accessReport(own(user, id));
    const row = report.features.find((f) => f.feature === (feature as PlanFeature))!;
    return { feature, hasAccess: row.hasAccess, upgradePlan: row.upgradePlan };
  }

  @ApiEnvelope(SubscriptionResponseDto, { description: 'The subscription record (periods in epoch seconds)' })
  @Roles(Role.Admin)
  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string) {
    return this.subscriptions.get(own(user, id));
  }

  @ApiEnvelope(SubscriptionResponseDto, { description: 'Set to cancel at the end of the period (features stay until then)' })
  @Roles(Role.Admin)
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  cancel(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string) {
    return this.subscriptions.setCancelAtPeriodEnd(own(user, id), true);
  }

  @ApiEnvelope(SubscriptionResponseDto, { description: 'A subscription set to cancel continues' })
  @Roles(Role.Admin)
  @Post(':id/resume')
  @HttpCode(HttpStatus.OK)
  resume(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string) {
    return this.subscriptions.setCancelAtPeriodEnd(own(user, id), false);
  }

  @ApiEnvelope(PortalResponseDto, { status: 201, description: "Stripe's customer portal; returnUrl must be on this site" })
  @Roles(Role.Admin)
  @Post(':id/portal')
  portal(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string, @Body() dto: PortalDto) {
    return this.subscriptions.portal(own(user, id), dto.returnUrl);
  }

  @ApiEnvelope(SubscriptionResponseDto, { description: 'Upgrade now (prorated by default)' })
  @Roles(Role.Admin)
  @Post(':id/upgrade')
  @HttpCode(HttpStatus.OK)
  upgrade(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string, @Body() dto: UpgradeDto) {
    return this.subscriptions.upgrade(own(user, id), dto.newPlanId, dto.newPriceId, dto.prorationBehavior ?? 'create_prorations');
  }

  @ApiEnvelope(SubscriptionResponseDto, { description: 'Downgrade at the end of the period (to Free: cancel at period end)' })
  @Roles(Role.Admin)
  @Post(':id/downgrade')
  @HttpCode(HttpStatus.OK)
  downgrade(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string, @Body() dto: DowngradeDto) {
    return this.subscriptions.downgrade(own(user, id), dto.newPlanId, dto.newPriceId, dto.effectiveDate ?? 'end_of_period');
  }

  @ApiEnvelope(UsageLimitsResponseDto)
  @Roles(Role.Admin)
  @Get(':id/usage-limits')
  async usageLimits(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string) {
    const plan = await this.usage.planOf(own(user, id));
    const u = await this.usage.usage(id);
    const count = (current: number, limit: number) => ({ current, limit, unlimited: limit === -1 });
    return {
      plan: { id: plan.id, name: plan.name },
      usage: {
        students: count(u.students, plan.limits.maxStudents),
        classes: count(u.classes, plan.limits.maxClasses),
        transactions: count(u.transactions, plan.limits.maxTransactionsPerMonth),
      },
    };
  }

  @ApiEnvelope(CanPerformResponseDto)
  @Roles(Role.Admin)
  @Get(':id/can-perform/:action')
  async canPerform(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string, @Param('action') action: string) {
    if (!Object.hasOwn(ACTIONS, action)) throw new NotFoundException(`Unknown action ${action}: one of ${Object.keys(ACTIONS).join(', ')}`);
    const check = await this.usage.canPerform(own(user, id), action as PlanAction);
    return { action, ...check };
  }

  @ApiEnvelope(AccessReportResponseDto, { description: 'Every feature and limit of the plan that applies, with usage' })
  @Roles(Role.Admin)
  @Get(':id/access-report')
  accessReport(@CurrentUser() user: AuthUser, @Param('id', UuidParam) id: string) {
    return this.usage.accessReport(own(user, id));
  }
}
