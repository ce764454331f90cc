import { applyDecorators, Body, Controller, Get, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAccess } from '../../common/auth/api-key';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { OptionalAuth, Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ErrorEnvelopeDto } from '../../common/openapi/api-envelope';
import { ConnectService } from './connect.service';
import { ConnectOrganizationDto } from './dto/connect.dto';
import {
  ConnectAccountResponseDto,
  ConnectStatusResponseDto,
  DashboardLinkResponseDto,
  OnboardingLinkResponseDto,
} from './dto/connect.response';

/** The failures of a route that calls Stripe. */
const StripeFailures = (notFound?: string) =>
  applyDecorators(
    ...(notFound ? [ApiResponse({ status: 404, description: notFound, type: ErrorEnvelopeDto })] : []),
    ApiResponse({ status: 502, description: "Stripe refused or failed: Stripe's message is in `error`", type: ErrorEnvelopeDto }),
    ApiResponse({ status: 503, description: 'Local mode: Stripe is not configured on this server', type: ErrorEnvelopeDto }),
  );

/**
 * Stripe Connect onboarding (spec 3 §2.6 and §4). The organization is always the caller's own: a
 * body organizationId that differs is refused by the auth guard (403) before anything runs.
 */
// Where the money goes is set by a person signed in; an API key may only read the account's state.
@ApiKeyAccess('read')
@Controller('connect')
export class ConnectController {
  constructor(private readonly connect: ConnectService) {}

  @ApiEnvelope(ConnectAccountResponseDto, { status: 201, description: 'A new Express account' })
  @ApiEnvelope(ConnectAccountResponseDto, { description: 'The account the organization already had (created: false)' })
  @ApiResponse({
    status: 403,
    description: 'Not an admin, another organization, or a plan without online payments (the upsell names the cheapest plan with them)',
    type: ErrorEnvelopeDto,
  })
  @StripeFailures()
  @Roles(Role.Admin)
  @Post('create-account')
  async createAccount(
    @OrgId() orgId: string,
    @CurrentUser() user: AuthUser,
    @Body() _dto: ConnectOrganizationDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const { account, created } = await this.connect.createAccount(orgId, user.email);
    res.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return {
      accountId: account.stripeAccountId,
      created,
      hasAccount: true,
      charges_enabled: account.chargesEnabled,
      payouts_enabled: account.payoutsEnabled,
      details_submitted: account.detailsSubmitted,
    };
  }

  @ApiEnvelope(OnboardingLinkResponseDto, { status: 201, description: 'An Account Link returning to /admin/settings?tab=payments' })
  @StripeFailures('The organization has no payment account yet (create-account first)')
  @Roles(Role.Admin)
  @Post('account-session')
  accountSession(@OrgId() orgId: string, @Body() _dto: ConnectOrganizationDto) {
    return this.connect.onboardingLink(orgId);
  }

  @ApiEnvelope(DashboardLinkResponseDto)
  @StripeFailures('The organization has no payment account yet')
  @Roles(Role.Admin)
  @Get('dashboard-link')
  dashboardLink(@OrgId() orgId: string) {
    return this.connect.dashboardLink(orgId);
  }

  /** The spec's path (spec 1 §7). */
  @ApiEnvelope(ConnectStatusResponseDto, { description: 'Public part, or the whole payment setup status for the organization admin' })
  @ApiResponse({ status: 404, description: 'No such organization', type: ErrorEnvelopeDto })
  @OptionalAuth()
  @Get('status/:organizationId')
  status(@Param('organizationId', UuidParam) organizationId: string, @Req() req: FastifyRequest) {
    return this.read(organizationId, req);
  }

  /** The path the public site has used since before Connect existed; same answer. */
  @ApiEnvelope(ConnectStatusResponseDto, { description: 'Same as GET /connect/status/{organizationId}' })
  @ApiResponse({ status: 404, description: 'No such organization', type: ErrorEnvelopeDto })
  @OptionalAuth()
  @Get('status/organization/:organizationId')
  statusByOrganization(@Param('organizationId', UuidParam) organizationId: string, @Req() req: FastifyRequest) {
    return this.read(organizationId, req);
  }

  /** Anyone: the public part. The organization's own admin: the whole payment setup status. */
  private read(organizationId: string, req: FastifyRequest) {
    const user = (req as FastifyRequest & { user?: AuthUser }).user;
    if (user?.role === Role.Admin && user.organizationId === organizationId) return this.connect.adminStatus(organizationId);
    return this.connect.publicStatus(organizationId);
  }
}
