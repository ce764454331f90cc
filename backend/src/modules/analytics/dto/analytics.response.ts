import { ApiProperty } from '@nestjs/swagger';

export class AnalyticsAcceptedResponseDto {
  @ApiProperty({ description: 'How many events of the beacon were stored', example: 2 }) accepted: number;
}
