import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_TIME } from '../../../common/openapi/common.responses';

/** 200 when the database answers, 503 (same body, status degraded) when it does not. */
export class HealthResponseDto {
  @ApiProperty({ enum: ['ok', 'degraded'], example: 'ok' }) status: string;
  @ApiProperty({ enum: ['up', 'down'], example: 'up' }) database: string;
  @ApiProperty({ example: 1 }) databaseLatencyMs: number;
  @ApiProperty({ enum: ['sendgrid', 'log'], example: 'log' }) email: string;
  @ApiProperty({ enum: ['twilio', 'log'], example: 'log' }) sms: string;
  @ApiProperty({ enum: ['stripe', 'unconfigured'], example: 'unconfigured' }) payments: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) time: string;
}
