import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiKeyAccess } from '../../common/auth/api-key';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { UuidParam } from '../../common/http/uuid.pipe';
import { AuthService } from './auth.service';
import { CreateUserDto, ResetPasswordConfirmDto, ResetPasswordRequestDto, SignInDto, SignUpDto, UpdateProfileDto } from './dto/auth.dto';
import { DeletedResponseDto } from '../../common/openapi/common.responses';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import {
  ResetDoneResponseDto,
  ResetRequestedResponseDto,
  SessionResponseDto,
  SignedOutResponseDto,
  UserResponseDto,
} from './dto/auth.response';

// The team and one's own account are for people signed in; an API key never changes them.
@ApiKeyAccess('none')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @ApiEnvelope(SessionResponseDto)
  @ApiRequestExample({ email: 'admin@demo.classlane.test', password: 'Demo123!' })
  @Public()
  @RateLimit('auth', 'signin')
  @Post('signin')
  @HttpCode(200)
  signIn(@Body() dto: SignInDto) {
    return this.auth.signIn(dto.email, dto.password);
  }

  @ApiEnvelope(SessionResponseDto, { status: 201 })
  @ApiRequestExample({ email: 'ada@example.com', password: 'secret-pass-1', firstName: 'Ada', lastName: 'Admin', role: 'admin' })
  @Public()
  @RateLimit('auth', 'signup')
  @Post('signup')
  signUp(@Body() dto: SignUpDto) {
    return this.auth.signUp(dto);
  }

  @ApiEnvelope(SignedOutResponseDto)
  @Post('signout')
  @HttpCode(200)
  signOut(@CurrentUser() user: AuthUser) {
    return this.auth.signOut(user);
  }

  @ApiEnvelope(UserResponseDto)
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  @ApiEnvelope(UserResponseDto)
  @Put('profile')
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto) {
    return this.auth.updateProfile(user, dto);
  }

  @ApiEnvelope(ResetRequestedResponseDto)
  @Public()
  @RateLimit('auth', 'reset')
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body() dto: ResetPasswordRequestDto) {
    return this.auth.requestPasswordReset(dto.email);
  }

  @ApiEnvelope(ResetDoneResponseDto)
  @Public()
  @RateLimit('auth', 'reset')
  @Post('reset-password/confirm')
  @HttpCode(200)
  confirmReset(@Body() dto: ResetPasswordConfirmDto) {
    return this.auth.confirmPasswordReset(dto.token, dto.password);
  }

  @ApiEnvelope(UserResponseDto, { isArray: true })
  @Roles(Role.Admin)
  @Get('users')
  listUsers(@OrgId() orgId: string) {
    return this.auth.listUsers(orgId);
  }

  @ApiEnvelope(UserResponseDto)
  @Roles(Role.Admin)
  @Get('users/:id')
  getUser(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.auth.getUser(id, orgId);
  }

  @ApiEnvelope(UserResponseDto, { status: 201 })
  @ApiRequestExample({ email: 'tess@example.com', password: 'teach-pass-1', firstName: 'Tess', lastName: 'Teacher', role: 'teacher' })
  @Roles(Role.Admin)
  @Post('users')
  createUser(@Body() dto: CreateUserDto, @OrgId() orgId: string) {
    return this.auth.createUser(dto, orgId);
  }

  @ApiEnvelope(DeletedResponseDto)
  @Roles(Role.Admin)
  @Delete('users/:id')
  deleteUser(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser, @OrgId() _orgId: string) {
    return this.auth.deleteUser(id, user);
  }
}
