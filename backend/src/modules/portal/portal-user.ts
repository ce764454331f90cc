import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * A student signed in to their portal (decision 18), as the portal strategy loads them on every request: the
 * student the sign-in link was sent to, in the organization that holds them. They act for themselves and for the
 * household members they are the contact for, and for nobody else.
 */
export interface PortalUser {
  studentId: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The sign-in link this session came from (signing out ends it). */
  linkId: string;
  exp: number;
  portal: true;
}

export const CurrentStudent = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest().user as PortalUser,
);
