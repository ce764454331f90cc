import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { ENTITLEMENT_KINDS, ENTITLEMENT_SCOPES, ENTITLEMENT_SOURCES, MOVEMENT_KINDS } from '../credit.types';

export class CreditMovementResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: MOVEMENT_KINDS, example: 'use' }) kind: string;
  @ApiProperty({ example: -1, description: "Signed, in the credit's unit (uses, or dollars)" }) amount: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null }) enrollmentId: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null, description: 'A transfer: the other credit' })
  counterpartId: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null, description: 'The admin; null: the system or the student' })
  actorUserId: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) reason: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
}

export class CreditResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) holderStudentId: string;
  @ApiProperty({ example: false }) household: boolean;
  @ApiProperty({ enum: ENTITLEMENT_KINDS, example: 'pack' }) kind: string;
  @ApiProperty({ enum: ['uses', 'dollars'], example: 'uses' }) unit: string;
  @ApiProperty({ enum: ENTITLEMENT_SCOPES, example: 'all' }) scope: string;
  @ApiProperty({ type: [String], example: [] }) classIds: string[];
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null }) termId: string | null;
  @ApiProperty({ example: 10 }) granted: number;
  @ApiProperty({ example: 9, description: 'The sum of its movements' }) remaining: number;
  @ApiProperty({ example: '2026-12-07' }) validFrom: string;
  @ApiProperty({ type: String, nullable: true, example: '2027-03-07' }) validUntil: string | null;
  @ApiProperty({ enum: ['active', 'not_yet_valid', 'expired', 'revoked', 'used'], example: 'active' }) status: string;
  @ApiProperty({ enum: ENTITLEMENT_SOURCES, example: 'admin_grant' }) source: string;
  @ApiProperty({ type: String, nullable: true, example: null }) sourceRef: string | null;
  @ApiProperty({ type: String, nullable: true, example: '10-class pack' }) label: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ type: [CreditMovementResponseDto] }) movements: CreditMovementResponseDto[];
}

export class StudentCreditsResponseDto {
  @ApiProperty({ example: '2026-12-07', description: "Today in the organization's zone" }) today: string;
  @ApiProperty({ example: 9, description: 'Uses left that the student can use now' }) uses: number;
  @ApiProperty({ example: 25, description: 'Account credit the student can use now, in dollars' }) dollars: number;
  @ApiProperty({
    type: [CreditResponseDto],
    description: 'Every credit they hold or may use (a contact: also each member’s), newest first',
  })
  credits: CreditResponseDto[];
}

export class CreditTransferResponseDto {
  @ApiProperty({ type: CreditResponseDto }) from: CreditResponseDto;
  @ApiProperty({ type: CreditResponseDto }) to: CreditResponseDto;
}
