import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { JoinWaitlistDto, MoveWaitlistEntryDto } from './dto/waitlist.dto';
import {
  WaitlistEntryResponseDto,
  WaitlistJoinResponseDto,
  WaitlistLeaveResponseDto,
  WaitlistOfferResponseDto,
} from './dto/waitlist.response';
import { WaitlistOffersService } from './waitlist-offers.service';
import { WaitlistService } from './waitlist.service';

/** The waitlist of a full class, its timed seat offers and the signed links in their emails. */
@Controller()
export class WaitlistController {
  constructor(
    private readonly waitlist: WaitlistService,
    private readonly offers: WaitlistOffersService,
  ) {}

  @ApiEnvelope(WaitlistJoinResponseDto, {
    status: 201,
    description:
      'Joins the waitlist of a full class. The same email again answers its entry. 409 when a seat is free (register instead) or the class is not open; ' +
      '429: more than REGISTRATION_RATE_LIMIT_PER_MINUTE joins from one IP in a minute (Retry-After)',
  })
  @ApiRequestExample({
    organizationId: 'a0000000-0000-4000-8000-000000000001',
    firstName: 'Maya',
    lastName: 'Lopez',
    email: 'maya@example.com',
    phone: '(559) 555-0123',
    communicationOptIn: true,
  })
  @Public()
  // Each join sends an email to the address given: a script must not turn the waitlist into a mailer.
  @RateLimit('registration', 'waitlist-join')
  @Post('classes/:classId/waitlist')
  join(@Param('classId', UuidParam) classId: string, @Body() dto: JoinWaitlistDto) {
    return this.waitlist.join(classId, dto);
  }

  @ApiEnvelope(WaitlistEntryResponseDto, { isArray: true, description: 'Live entries first, in list order, then past ones' })
  @Roles(Role.Admin)
  @Get('classes/:classId/waitlist')
  list(@Param('classId', UuidParam) classId: string, @OrgId() orgId: string) {
    return this.waitlist.list(orgId, classId);
  }

  @ApiEnvelope(WaitlistEntryResponseDto, { description: "Removed; an offered entry's held seat goes to the next person" })
  @Roles(Role.Admin)
  @Delete('waitlist/:entryId')
  remove(@Param('entryId', UuidParam) entryId: string, @OrgId() orgId: string) {
    return this.waitlist.remove(orgId, entryId);
  }

  @ApiEnvelope(WaitlistEntryResponseDto, { description: "Offers a free seat now; 409 'No seat is free to offer' otherwise" })
  @Roles(Role.Admin)
  @HttpCode(200)
  @Post('waitlist/:entryId/offer')
  offer(@Param('entryId', UuidParam) entryId: string, @OrgId() orgId: string) {
    return this.waitlist.offerNow(orgId, entryId);
  }

  @ApiEnvelope(WaitlistEntryResponseDto, { isArray: true, description: 'The class waitlist in its new order' })
  @ApiRequestExample({ position: 1 })
  @Roles(Role.Admin)
  @HttpCode(200)
  @Post('waitlist/:entryId/move')
  move(@Param('entryId', UuidParam) entryId: string, @OrgId() orgId: string, @Body() dto: MoveWaitlistEntryDto) {
    return this.waitlist.move(orgId, entryId, dto.position);
  }

  @ApiEnvelope(WaitlistOfferResponseDto, {
    description: 'The offer behind a signed link: 404 for a bad link, 410 for an offer used, lapsed or withdrawn',
  })
  @Public()
  @Get('waitlist/offers/:token')
  offerDetails(@Param('token') token: string) {
    return this.offers.offerDetails(token);
  }

  @ApiEnvelope(WaitlistLeaveResponseDto, {
    description: 'Leaves the waitlist through the signed link; an offered seat goes to the next person',
  })
  @Public()
  @HttpCode(200)
  @Post('waitlist/leave/:token')
  leave(@Param('token') token: string) {
    return this.waitlist.leave(token);
  }
}
