import { createParamDecorator, ExecutionContext, ForbiddenException } from '@nestjs/common';
import type { Role } from './roles';

/** The signed-in organization user as loaded from the database on every request. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  organizationId: string | null;
  jti: string;
  exp: number;
}

export interface StaffUser {
  staffId: string;
  username: string;
  jti: string;
  exp: number;
  isStaff: true;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest().user as AuthUser);

/** The caller's organization id; a user without one cannot use organization endpoints. */
export const OrgId = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const user = ctx.switchToHttp().getRequest().user as AuthUser | undefined;
  if (!user?.organizationId) throw new ForbiddenException('You are not associated with any organization.');
  return user.organizationId;
});
