import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { SignWaiverLinkDto, WaiverLinkResponseDto, WaiverLinkSignedResponseDto } from './dto/waiver.dto';
import { clientInfo } from './registration-forms.service';
import { WaiverSignLinksService } from './waiver-sign-links.service';

/** The public page behind an emailed link to sign a new waiver version: reading changes nothing, POST signs. */
@Controller()
export class WaiverSignLinksController {
  constructor(private readonly links: WaiverSignLinksService) {}

  @ApiEnvelope(WaiverLinkResponseDto, { description: 'The version to sign and for whom; 404 for a link that never was one' })
  @Public()
  @Get('waiver-links/:token')
  details(@Param('token') token: string) {
    return this.links.details(token);
  }

  @ApiEnvelope(WaiverLinkSignedResponseDto, {
    description:
      'Signs the new version for every registration the link covers. 400: the name does not match, or the person is under ' +
      '18 on a class’s first day and no parent or guardian signs (send `guardian` and sign with its name); 410: already signed, ' +
      'a newer version was published, or nothing is left to sign',
  })
  @ApiRequestExample({ signedName: 'Ana Moreno' })
  @Public()
  // Each attempt checks a name against a person: a script must not use it to guess names.
  @RateLimit('registration', 'waiver-sign')
  @HttpCode(200)
  @Post('waiver-links/:token/sign')
  sign(@Param('token') token: string, @Body() dto: SignWaiverLinkDto, @Req() req: FastifyRequest) {
    return this.links.sign(token, dto.signedName, clientInfo(req), dto.guardian);
  }
}
