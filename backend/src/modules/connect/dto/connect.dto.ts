import { IsUUID } from 'class-validator';

/** Body of POST /connect/create-account and /connect/account-session: the caller's own organization. */
export class ConnectOrganizationDto {
  @IsUUID('all', { message: 'organizationId must be an organization id' }) organizationId: string;
}
