import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBody, ApiHeader } from '@nestjs/swagger';
import { Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { ApiEnvelope, ApiRawReply } from '../../common/openapi/api-envelope';
import { TwilioWebhookResponseDto } from './dto/communication.response';
import { TwilioWebhooksService } from './twilio-webhooks.service';

const FORM = { description: 'Twilio’s form-encoded parameters', schema: { type: 'object', additionalProperties: { type: 'string' } } };

/** Twilio calls these; `X-Twilio-Signature` is checked on PUBLIC_URL + path and the form parameters. */
@Public()
@Controller('webhooks/twilio')
export class TwilioWebhooksController {
  constructor(private readonly twilio: TwilioWebhooksService) {}

  @ApiEnvelope(TwilioWebhookResponseDto, { description: 'Applied. A bad or missing signature is 400 and changes nothing' })
  @ApiHeader({ name: 'X-Twilio-Signature', required: true })
  @ApiBody(FORM)
  @Post('status')
  @HttpCode(HttpStatus.OK)
  status(@Headers('x-twilio-signature') signature: string | undefined, @Body() body: Record<string, unknown>) {
    return this.twilio.status(this.twilio.verify('/api/webhooks/twilio/status', signature, body));
  }

  @ApiRawReply('text/xml', '<?xml version="1.0" encoding="UTF-8"?><Response></Response>')
  @ApiHeader({ name: 'X-Twilio-Signature', required: true })
  @ApiBody(FORM)
  @Post('inbound')
  @HttpCode(HttpStatus.OK)
  async inbound(@Headers('x-twilio-signature') signature: string | undefined, @Body() body: Record<string, unknown>) {
    return new RawReply(await this.twilio.inbound(this.twilio.verify('/api/webhooks/twilio/inbound', signature, body)), 'text/xml');
  }
}
