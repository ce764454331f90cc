import { Body, Controller, HttpCode, Post, Req, UseFilters } from '@nestjs/common';
import type { StaffUser } from '../../common/auth/auth-user';
import { Public, StaffOnly } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { AuthService } from './auth.service';
import { StaffSignInDto } from './dto/auth.dto';
import { StaffSignInRefusalsFilter } from './staff-signin-refusals.filter';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { SignedOutResponseDto, StaffSessionResponseDto } from './dto/auth.response';

/** Platform-staff sign-in: its own accounts and its own token audience (spec README decision 5). */
@Controller('admin/auth')
export class StaffAuthController {
  constructor(private readonly auth: AuthService) {}

  @ApiEnvelope(StaffSessionResponseDto)
  @ApiRequestExample({ username: 'itadmin', password: 'the PLATFORM_ADMIN_PASSWORD' })
  @Public()
  @RateLimit('auth', 'staff-signin')
  @UseFilters(StaffSignInRefusalsFilter)
  @Post('signin')
  @HttpCode(200)
  signIn(@Body() dto: StaffSignInDto, @Req() req: { ip?: string }) {
    return this.auth.staffSignIn(dto.username, dto.password, req.ip ?? null);
  }

  @ApiEnvelope(SignedOutResponseDto)
  @StaffOnly()
  @Post('signout')
  @HttpCode(200)
  signOut(@Req() req: { user: StaffUser; ip?: string }) {
    return this.auth.staffSignOut(req.user, req.ip ?? null);
  }
}
