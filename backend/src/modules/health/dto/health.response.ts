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

/** The process answers (no dependency checked: a restart would not help a database outage). */
export class LiveResponseDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' }) status: string;
}

/** 200 when this instance should get traffic; 503 while it drains, or when the database or its schema is not there. */
export class ReadyResponseDto {
  @ApiProperty({ enum: ['ready', 'draining', 'unavailable'], example: 'ready' }) status: string;
  @ApiProperty({ enum: ['up', 'down'], example: 'up' }) database: string;
  @ApiProperty({ enum: ['applied', 'pending', 'unknown'], example: 'applied' }) migrations: string;
}
