import { QuotePaymentPlanDto } from '../../payment-plans/dto/payment-plan.response';
import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { HouseholdEnrollmentResponseDto, RefundResponseDto } from '../../registration/dto/student.response';

export class PaymentIntentResponseDto {
  @ApiProperty({ description: 'For Stripe.js confirmCardPayment / the Payment Element', example: 'pi_3Q0abc_secret_xyz' })
  clientSecret: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'pi_3Q0abc',
    description: 'null only for a payment plan with no deposit: then setupIntentId, confirmed with stripe.confirmSetup',
  })
  paymentIntentId: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    required: false,
    example: null,
    description: 'A payment plan with no deposit: its SetupIntent',
  })
  setupIntentId?: string | null;
  @ApiProperty({ type: QuotePaymentPlanDto, required: false, description: 'The payment plan chosen: `amount` is its deposit, charged now' })
  paymentPlan?: QuotePaymentPlanDto;
  @ApiProperty({ description: 'Dollars: the price the server computed (the discount rule of spec 2 §5)', example: 80 }) amount: number;
  @ApiProperty({ format: 'date-time', description: 'The seat is held until then (SEAT_HOLD_MINUTES)', example: EXAMPLE_TIME })
  holdExpiresAt: string;
  @ApiProperty({ format: 'uuid', example: '9076790a-923e-482e-977e-408883466a8c' }) enrollmentId: string;
  @ApiProperty({
    type: [HouseholdEnrollmentResponseDto],
    required: false,
    description: 'A household (with `attendees`): one held enrollment per person, all paid by this one intent (`amount` is the total)',
  })
  enrollments?: HouseholdEnrollmentResponseDto[];
}

export class ConfirmEnrollmentResponseDto {
  @ApiProperty({ format: 'uuid', example: '9076790a-923e-482e-977e-408883466a8c' }) enrollmentId: string;
  @ApiProperty({ description: 'The PaymentIntent id (what the student paid through)', example: 'pi_3Q0abc' }) transactionId: string;
}

export class CancellationRuleResponseDto {
  @ApiProperty({ example: 7 }) daysBeforeClass: number;
  @ApiProperty({ example: 100 }) refundPercentage: number;
}

export class RefundQuoteResponseDto {
  @ApiProperty({ description: 'Dollars the frozen policy promises now (never more than what is left unrefunded)', example: 80 })
  refundAmount: number;
  @ApiProperty({
    type: CancellationRuleResponseDto,
    nullable: true,
    description: 'The rule of the policy frozen at registration that applies; null: no policy (whole amount) or no rule reached (nothing)',
  })
  policyApplied: CancellationRuleResponseDto | null;
  @ApiProperty({ description: 'Dollars paid', example: 80 }) paidAmount: number;
  @ApiProperty({ description: 'Dollars refunded so far', example: 0 }) refundedAmount: number;
  @ApiProperty({ description: 'Dollars that can still be refunded', example: 80 }) refundableAmount: number;
  @ApiProperty({ description: 'Whole days from now to the class start', example: 10 }) daysBeforeClass: number;
  @ApiProperty({ enum: ['in-person', 'card'], example: 'card' }) paymentMethod: string;
  @ApiProperty({ type: [CancellationRuleResponseDto], description: 'The policy frozen at registration' })
  cancellationPolicy: CancellationRuleResponseDto[];
}

/** An enrollment after a cancel or refund: its state and money trail, and the refund this call made (if any). */
export class EnrollmentPaymentResponseDto {
  @ApiProperty({ format: 'uuid', example: '9076790a-923e-482e-977e-408883466a8c' }) id: string;
  @ApiProperty({ enum: ['held', 'active', 'cancelled', 'expired'], example: 'cancelled' }) status: string;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'], example: 'completed' }) paymentStatus: string;
  @ApiProperty({ enum: ['in-person', 'card'], example: 'card' }) paymentMethod: string;
  @ApiProperty({ description: 'Dollars', example: 80 }) amountPaid: number;
  @ApiProperty({ description: 'Dollars', example: 2.4 }) platformFee: number;
  @ApiProperty({ description: 'Dollars', example: 77.6 }) organizationAmount: number;
  @ApiProperty({ description: 'Dollars', example: 80 }) refundedAmount: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: EXAMPLE_TIME }) cancelledAt: string | null;
  @ApiProperty({ type: RefundResponseDto, nullable: true, description: 'The refund this request made (or the one it replayed)' })
  refund: RefundResponseDto | null;
  @ApiProperty({ type: [RefundResponseDto] }) refunds: RefundResponseDto[];
}

export class EnrollmentTransferResponseDto extends EnrollmentPaymentResponseDto {
  @ApiProperty({ format: 'uuid', example: '9076790a-923e-482e-977e-408883466a8c' }) classId: string;
  @ApiProperty({ example: 'Pottery Pro' }) className: string;
  @ApiProperty({ example: 40, description: 'Dollars left to pay in person (a dearer class with the difference due in person)' })
  balanceDue: number;
}

export class TransferOptionResponseDto {
  @ApiProperty({ format: 'uuid', example: '9076790a-923e-482e-977e-408883466a8c' }) id: string;
  @ApiProperty({ example: 'Pottery Pro' }) title: string;
  @ApiProperty({ example: 'Studio A' }) location: string;
  @ApiProperty({ example: 'Luis' }) instructor: string;
  @ApiProperty({ format: 'date-time', example: '2026-03-05T17:00:00.000Z' }) startDate: string;
  @ApiProperty({ example: 4 }) seatsLeft: number;
  @ApiProperty({ example: 120, description: 'The one price quote for this person in that class, in dollars' }) price: number;
  @ApiProperty({ example: 40, description: 'Dollars more to pay (positive) or back on the card (negative)' }) priceDifference: number;
  @ApiProperty({ example: true }) available: boolean;
  @ApiProperty({ example: true, description: 'True: a dearer class for a card payment; the switch needs differenceInPerson' })
  needsPayment: boolean;
}
