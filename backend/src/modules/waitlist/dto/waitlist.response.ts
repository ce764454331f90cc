import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

const STATUSES = ['waiting', 'offered', 'accepted', 'registration_cancelled', 'registration_lapsed', 'lapsed', 'removed', 'left'];

export class WaitlistJoinResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) entryId: string;
  @ApiProperty({ example: 3, description: 'Place on the list (1 = next to be offered a seat)' }) position: number;
}

export class WaitlistEntryResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 1,
    description: 'Rank among waiting and offered entries (1..n); null for entries no longer on the list',
  })
  position: number | null;
  @ApiProperty({
    enum: STATUSES,
    example: 'waiting',
    description:
      'waiting: on the list; offered: a seat is held for this person until offerExpiresAt; accepted: registered with the offer, ' +
      'and that registration stands; registration_cancelled: registered with the offer, and that registration was later ' +
      'cancelled or removed (by the organization, or with the class); registration_lapsed: accepted the offer but the card ' +
      'payment was never completed, so the seat went back; lapsed: the offer expired unused; removed: taken off the list by ' +
      'the organization; left: left the list through the link in the email',
  })
  status: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lopez' }) lastName: string;
  @ApiProperty({ example: 'maya@example.com' }) email: string;
  @ApiProperty({ example: '5595550123' }) phone: string;
  @ApiProperty({ example: true }) communicationOptIn: boolean;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) joinedAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) offeredAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) offerExpiresAt: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: null,
    description:
      'When the registration made from the offer was cancelled (registration_cancelled; null when its row is gone: the student deleted)',
  })
  registrationCancelledAt: string | null;
}

export class WaitlistOfferResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) entryId: string;
  @ApiProperty({ enum: ['offered'], example: 'offered' }) status: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organizationId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) classTitle: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startDate: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME, description: 'The held seat is released at this time' })
  offerExpiresAt: string;
  @ApiProperty({ description: 'Dollars', example: 100 }) price: number;
  @ApiProperty({ type: 'number', nullable: true, description: 'Dollars', example: 80 }) discountPrice: number | null;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lopez' }) lastName: string;
  @ApiProperty({ example: 'maya@example.com' }) email: string;
  @ApiProperty({ example: '5595550123' }) phone: string;
  @ApiProperty({ example: true }) communicationOptIn: boolean;
  @ApiProperty({ example: true, description: 'The organization takes card payments for this class' }) acceptsCard: boolean;
  @ApiProperty({
    example: 80,
    description: "Dollars: what registering with this offer is charged (the price quote, with this person's automatic discounts)",
  })
  amount: number;
}

export class WaitlistLeaveResponseDto {
  @ApiProperty({ enum: ['left'], example: 'left' }) status: string;
}
