import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { pageOf } from '../../common/http/list-page';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import { PriceQuoteDto, PromoCodeDto } from './dto/pricing.dto';
import { PriceQuoteResponseDto, PromoCodeRemovedDto, PromoCodeResponseDto } from './dto/pricing.response';
import { PricingService } from './pricing.service';

/** The sort fields of GET /promo-codes; the first is the default (newest first). */
const PROMO_SORT_FIELDS = ['createdAt', 'code', 'validUntil', 'id'];

/** The public price quote and the organization's promo codes. */
@Controller()
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  @ApiEnvelope(PriceQuoteResponseDto, {
    description:
      'The price a registration is charged: the class price (or its discount price), then the automatic discounts, then the promo code, ' +
      'line by line. A code that does not apply is answered with applied false and why; the total then leaves it out.',
  })
  @ApiRequestExample({
    organizationId: 'a0000000-0000-4000-8000-000000000001',
    classId: '486f36a9-a089-445a-9c44-8cb266b86655',
    attendees: [{ dateOfBirth: '1950-04-02' }, {}],
    email: 'maya@example.com',
    promoCode: 'SPRING10',
  })
  @Public()
  @HttpCode(200)
  @Post('public/price-quote')
  quote(@Body() dto: PriceQuoteDto) {
    return this.pricing.publicQuote(dto);
  }

  @ApiList(PromoCodeResponseDto, 'promo-codes', PROMO_SORT_FIELDS, ['q', 'id', 'active'], {
    description: 'Newest first unless sorted, each with its usage (redemptions, discount given, revenue)',
  })
  @Roles(Role.Admin)
  @Get('promo-codes')
  async list(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    // Without sort/range/filter this is the whole list, newest first, as before (the list is a react-admin resource).
    const params = parseListParams(query, PROMO_SORT_FIELDS, 'DESC');
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const { page, total } = pageOf(
      await this.pricing.listCodes(orgId),
      params,
      (c) => (!q || c.code.toLowerCase().includes(q)) && (params.filter.active === undefined || c.active === params.filter.active),
    );
    setContentRange(res, 'promo-codes', params, page.length, total);
    return page;
  }

  @ApiEnvelope(PromoCodeResponseDto, { description: "One code with its usage; another organization's code is 404" })
  @Roles(Role.Admin)
  @Get('promo-codes/:id')
  one(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.pricing.code(orgId, id);
  }

  @ApiEnvelope(PromoCodeResponseDto, { status: 201, description: "409 'A promo code with this code already exists' (whatever its case)" })
  @ApiRequestExample({ code: 'SPRING10', kind: 'percent', value: 10, maxRedemptions: 50, maxPerEmail: 1, active: true })
  @Roles(Role.Admin)
  @Post('promo-codes')
  create(@OrgId() orgId: string, @Body() dto: PromoCodeDto) {
    return this.pricing.createCode(orgId, dto);
  }

  @ApiEnvelope(PromoCodeResponseDto, { description: 'Replaces the code; its redemptions so far still count' })
  @ApiRequestExample({ code: 'SPRING10', kind: 'percent', value: 15, maxRedemptions: 50, maxPerEmail: 1, active: false })
  @Roles(Role.Admin)
  @Put('promo-codes/:id')
  update(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: PromoCodeDto) {
    return this.pricing.updateCode(orgId, id, dto);
  }

  @ApiEnvelope(PromoCodeRemovedDto, { description: 'Deletes a code never used; a used one is deactivated instead' })
  @Roles(Role.Admin)
  @Delete('promo-codes/:id')
  remove(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.pricing.removeCode(orgId, id);
  }
}
