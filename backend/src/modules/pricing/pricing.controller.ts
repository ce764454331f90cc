import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { PriceQuoteDto, PromoCodeDto } from './dto/pricing.dto';
import { PriceQuoteResponseDto, PromoCodeRemovedDto, PromoCodeResponseDto } from './dto/pricing.response';
import { PricingService } from './pricing.service';

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

  @ApiEnvelope(PromoCodeResponseDto, {
    isArray: true,
    description: 'Newest first, each with its usage (redemptions, discount given, revenue)',
  })
  @Roles(Role.Admin)
  @Get('promo-codes')
  list(@OrgId() orgId: string) {
    return this.pricing.listCodes(orgId);
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
