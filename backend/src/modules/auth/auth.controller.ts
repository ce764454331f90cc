import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { UuidParam } from '../../common/http/uuid.pipe';
import { AuthService } from './auth.service';
import { CreateUserDto, ResetPasswordConfirmDto, ResetPasswordRequestDto, SignInDto, SignUpDto, UpdateProfileDto } from './dto/auth.dto';

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public() @RateLimit('auth', 'signin') @Post('signin') @HttpCode(200)
  signIn(@Body() dto: SignInDto) {
    return this.auth.signIn(dto.email, dto.password);
  }

  @Public() @RateLimit('auth', 'signup') @Post('signup')
  signUp(@Body() dto: SignUpDto) {
    return this.auth.signUp(dto);
  }

  @Post('signout') @HttpCode(200)
  signOut(@CurrentUser() user: AuthUser) {
    return this.auth.signOut(user);
  }

  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  @Put('profile')
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto) {
    return this.auth.updateProfile(user, dto);
  }

  @Public() @RateLimit('auth', 'reset') @Post('reset-password') @HttpCode(200)
  resetPassword(@Body() dto: ResetPasswordRequestDto) {
    return this.auth.requestPasswordReset(dto.email);
  }

  @Public() @RateLimit('auth', 'reset') @Post('reset-password/confirm') @HttpCode(200)
  confirmReset(@Body() dto: ResetPasswordConfirmDto) {
    return this.auth.confirmPasswordReset(dto.token, dto.password);
  }

  @Roles(Role.Admin) @Get('users')
  listUsers(@OrgId() orgId: string) {
    return this.auth.listUsers(orgId);
  }

  @Roles(Role.Admin) @Get('users/:id')
  getUser(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.auth.getUser(id, orgId);
  }

  @Roles(Role.Admin) @Post('users')
  createUser(@Body() dto: CreateUserDto, @OrgId() orgId: string) {
    return this.auth.createUser(dto, orgId);
  }

  @Roles(Role.Admin) @Delete('users/:id')
  deleteUser(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser, @OrgId() _orgId: string) {
    return this.auth.deleteUser(id, user);
  }
}
