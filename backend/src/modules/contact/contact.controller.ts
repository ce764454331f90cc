import { Body, Controller, Post } from '@nestjs/common';
import { Public } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { ContactService } from './contact.service';
import { ContactMessageDto } from './dto/contact-message.dto';
import { ContactSentResponseDto } from './dto/contact.response';

/** Contact form messages are stored; spam is bounded per client IP. */
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @ApiEnvelope(ContactSentResponseDto, { status: 201 })
  @ApiRequestExample({
    name: 'Ann Lee',
    email: 'ann@example.com',
    subject: 'Group bookings',
    message: 'Do you offer group rates?',
    inquiryType: 'general',
  })
  @Public()
  @RateLimit('contact', 'message')
  @Post()
  create(@Body() dto: ContactMessageDto) {
    return this.contact.send(dto);
  }
}
