import { Body, Controller, Post } from '@nestjs/common';
import { Public } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { EXAMPLE_ID, EXAMPLE_ORG_ID } from '../../common/openapi/common.responses';
import { STUDENT_EXAMPLE } from '../registration/dto/student.response';
import { CardCheckout } from './card-checkout.service';
import { CardCheckoutDto } from './dto/credit-sale.dto';
import { CardCheckoutResponseDto } from './dto/credit-product.response';

/** The public site's card checkout of a pack or account credit (issue 41 §2). */
@Public()
@Controller('credit-products')
export class CardCheckoutController {
  constructor(private readonly checkout: CardCheckout) {}

  @ApiEnvelope(CardCheckoutResponseDto, {
    status: 201,
    description:
      'A pending sale and its PaymentIntent (the credit is granted when Stripe confirms the payment, by webhook). 404: not sold online; ' +
      '409: another price (CREDIT_PRODUCT_PRICE_CHANGED), intro offer already bought; 503: no card payments; 429: too many from one IP',
  })
  @ApiRequestExample({ organizationId: EXAMPLE_ORG_ID, productId: EXAMPLE_ID, buyer: STUDENT_EXAMPLE, amount: 150 })
  // The card intents' per-IP budget: each call opens a PaymentIntent, so a script cannot open them by the thousand.
  @RateLimit('cardIntent', 'credit-checkout')
  @Post('checkout')
  start(@Body() dto: CardCheckoutDto) {
    return this.checkout.start(dto);
  }
}
