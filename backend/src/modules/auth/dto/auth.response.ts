import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { Role } from '../../../common/auth/roles';
import { STAFF_LANGUAGES, type StaffLanguage } from '../user.entity';

export class UserResponseDto {
  @ApiProperty({ format: 'uuid', example: '5c3bfb44-dc04-4230-bf88-4bc04aedbbc3' }) id: string;
  @ApiProperty({ format: 'email', example: 'admin@demo.classlane.test' }) email: string;
  @ApiProperty({ enum: Role, example: Role.Admin }) role: Role;
  @ApiProperty({ example: 'Alex' }) firstName: string;
  @ApiProperty({ example: 'Rivera' }) lastName: string;
  @ApiProperty({ type: 'string', nullable: true, example: '5595550110' }) phone: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: EXAMPLE_ORG_ID }) organizationId: string | null;
  @ApiProperty({ enum: STAFF_LANGUAGES, nullable: true, example: 'fr', description: 'The admin app language; null: not chosen' })
  language: StaffLanguage | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
}

export class SessionResponseDto {
  @ApiProperty({ type: UserResponseDto }) user: UserResponseDto;
  @ApiProperty({ description: 'Send as `Authorization: Bearer <token>`', example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…' }) token: string;
}

export class StaffSessionResponseDto {
  @ApiProperty({
    description: 'A staff token (scheme `staff`): refused by organization routes',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…',
  })
  token: string;
  @ApiProperty({ example: 'itadmin' }) username: string;
  @ApiProperty({ description: 'Seconds until the token expires (one hour)', example: 3600 }) expiresIn: number;
}

export class SignedOutResponseDto {
  @ApiProperty({ example: true }) signedOut: boolean;
}

export class ResetRequestedResponseDto {
  @ApiProperty({ description: 'Always true, whether or not the email has an account', example: true }) sent: boolean;
}

export class ResetDoneResponseDto {
  @ApiProperty({ example: true }) reset: boolean;
}
