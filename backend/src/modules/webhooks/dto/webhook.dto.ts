import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsString, MaxLength, registerDecorator } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { trim } from '../../../common/http/transforms';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { WEBHOOK_EVENTS } from '../webhook-events';

/**
 * An http(s) address as the WHATWG URL parser reads it, the parser the service and the sender use: what it accepts
 * here is what is checked and stored (0x7f000001 or 127.1 are read as 127.0.0.1 and refused as private by the
 * service, never passed as a name nor refused as not an address).
 */
function IsHttpUrl() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isHttpUrl',
      target: object.constructor,
      propertyName,
      options: { message: 'url must be an https:// address' },
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return false;
          try {
            const u = new URL(value);
            return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
          } catch {
            return false;
          }
        },
      },
    });
}

export class WebhookEndpointDto {
  /**
   * https only, and not a private, loopback or link-local IP address; plain http and those addresses are accepted only
   * where WEBHOOK_ALLOW_PRIVATE_HOSTS is on (checked by the service).
   */
  @ApiProperty({ format: 'uri' })
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  @IsHttpUrl()
  url: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one event' })
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENTS as unknown as string[], { each: true, message: `events must be among ${WEBHOOK_EVENTS.join(', ')}` })
  events: string[];

  @IsOptionalNotNull() @IsBoolean() active?: boolean;
}

export class WebhookEndpointResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'https://hooks.zapier.com/hooks/catch/123/abc' }) url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['enrollment.created'] }) events: string[];
  @ApiProperty({ example: true }) active: boolean;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'Failing without a success since', example: null })
  failingSince: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'Turned off after three days of failures',
    example: null,
  })
  disabledAt: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
}

export class CreatedWebhookEndpointResponseDto extends WebhookEndpointResponseDto {
  @ApiProperty({ description: 'The signing secret, shown this once', example: 'whsec_0d5b7e4a2f9c8d1e6b0a3f5c7d9e1b2a' }) secret: string;
}

export class WebhookDeliveryResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', description: 'The event id (Classlane-Event-Id): the same on every retry', example: EXAMPLE_ID })
  eventId: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'enrollment.created' }) eventType: string;
  @ApiProperty({ enum: ['pending', 'sending', 'delivered', 'failed'], example: 'delivered' }) status: string;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) nextAttemptAt: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 200 }) lastStatusCode: number | null;
  @ApiProperty({ type: 'string', nullable: true, example: null }) lastError: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: EXAMPLE_TIME }) deliveredAt: string | null;
}
