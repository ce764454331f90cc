import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsOptional, IsUUID } from 'class-validator';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { pageOf } from '../../common/http/list-page';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import { EXAMPLE_ID } from '../../common/openapi/common.responses';
import { CreditProductDto } from './dto/credit-product.dto';
import {
  CreditProductRemovedDto,
  CreditProductResponseDto,
  CreditSaleResponseDto,
  PublicCreditProductDto,
} from './dto/credit-product.response';
import { InPersonSaleDto } from './dto/credit-sale.dto';
import { CreditProductsService } from './credit-products.service';
import { CreditSalesService } from './credit-sales.service';

/** The sort fields of GET /credit-products; the first is the default (oldest first). */
const PRODUCT_SORT_FIELDS = ['createdAt', 'name', 'kind', 'price', 'id'];

const EXAMPLE = { kind: 'pack', name: '10-class pack', price: 150, uses: 10, validityDays: 90, scope: 'all', introOffer: false };

export class SalesQuery {
  @IsOptional() @IsUUID('all', { message: 'studentId must be a student id' }) studentId?: string;
}

export class PublicProductsQuery {
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
}

/** The products an organization sells (issue 41 §2) and its in-person sales of them. Admins only, but the public list. */
@Roles(Role.Admin)
@Controller()
export class CreditProductsController {
  constructor(
    private readonly products: CreditProductsService,
    private readonly sales: CreditSalesService,
  ) {}

  @ApiList(CreditProductResponseDto, 'credit-products', PRODUCT_SORT_FIELDS, ['q', 'id', 'kind', 'active'], {
    description: 'Oldest first unless sorted (a react-admin resource)',
  })
  @Get('credit-products')
  async list(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, PRODUCT_SORT_FIELDS, 'ASC');
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const { page, total } = pageOf(
      await this.products.list(orgId),
      params,
      (p) =>
        (!q || p.name.toLowerCase().includes(q)) &&
        (params.filter.kind === undefined || p.kind === params.filter.kind) &&
        (params.filter.active === undefined || p.active === params.filter.active),
    );
    setContentRange(res, 'credit-products', params, page.length, total);
    return page;
  }

  @ApiEnvelope(PublicCreditProductDto, {
    isArray: true,
    description: 'Public: the active products the organization sells online, cheapest first',
  })
  @Public()
  @Get('public/credit-products')
  listOnline(@Query() q: PublicProductsQuery) {
    return this.products.listOnline(q.organizationId);
  }

  @ApiEnvelope(CreditProductResponseDto, { description: "Another organization's product is 404" })
  @Get('credit-products/:id')
  one(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.products.one(orgId, id);
  }

  @ApiEnvelope(CreditProductResponseDto, {
    status: 201,
    description: 'Fields of another kind, a class of another organization, a negative price: 400 with a code',
  })
  @ApiRequestExample(EXAMPLE)
  @Post('credit-products')
  create(@OrgId() orgId: string, @Body() dto: CreditProductDto) {
    return this.products.create(orgId, dto);
  }

  @ApiEnvelope(CreditProductResponseDto, { description: 'Replaces the product; credit already sold keeps what it was sold with' })
  @ApiRequestExample({ ...EXAMPLE, price: 160 })
  @Put('credit-products/:id')
  update(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: CreditProductDto) {
    return this.products.update(orgId, id, dto);
  }

  @ApiEnvelope(CreditProductRemovedDto, { description: 'A product already sold: 409 CREDIT_PRODUCT_SOLD (set it inactive instead)' })
  @Delete('credit-products/:id')
  remove(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.products.remove(orgId, id);
  }

  @ApiEnvelope(CreditSaleResponseDto, { isArray: true, description: 'Newest first (500 at most); one student with ?studentId=' })
  @Get('credit-sales')
  listSales(@OrgId() orgId: string, @Query() q: SalesQuery) {
    return this.sales.list(orgId, q.studentId);
  }

  @ApiEnvelope(CreditSaleResponseDto, { description: "Another organization's sale is 404" })
  @Get('credit-sales/:id')
  oneSale(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.sales.one(orgId, id);
  }

  @ApiEnvelope(CreditSaleResponseDto, {
    status: 201,
    description:
      "An in-person sale to one of the organization's students; paid: the credit is granted in the same transaction. 409 CREDIT_PRODUCT_INTRO_USED, CREDIT_PRODUCT_INACTIVE",
  })
  @ApiRequestExample({ productId: EXAMPLE_ID, studentId: EXAMPLE_ID, paid: true })
  @Post('credit-sales')
  sell(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: InPersonSaleDto) {
    return this.sales.sellInPerson(orgId, dto, user.id);
  }

  @ApiEnvelope(CreditSaleResponseDto, {
    status: 201,
    description: 'An in-person sale paid now: the credit is granted. A card sale or one not pending: 409',
  })
  @Post('credit-sales/:id/mark-paid')
  markPaid(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser) {
    return this.sales.markPaid(orgId, id, user.id);
  }

  @ApiEnvelope(CreditSaleResponseDto, { status: 201, description: 'A pending sale cancelled (an intro offer is free again)' })
  @Post('credit-sales/:id/cancel')
  cancel(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.sales.cancel(orgId, id);
  }
}
