import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class LocationResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Riverside Community Center' }) name: string;
  @ApiProperty({ example: '12 River Rd, Springfield, IL 62701' }) address: string;
  @ApiProperty({ type: 'string', nullable: true, description: "null: the organization's zone", example: null }) timeZone: string | null;
  @ApiProperty({ example: 2 }) roomCount: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
}

export class RoomResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) locationId: string;
  @ApiProperty({ example: 'Riverside Community Center' }) locationName: string;
  @ApiProperty({ example: 'Studio B' }) name: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 20 }) capacity: number | null;
  @ApiProperty({ example: true, description: 'One booking at a time' }) exclusive: boolean;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
}
