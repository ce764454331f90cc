import { SetMetadata } from '@nestjs/common';

export enum Role {
  Admin = 'admin',
  Teacher = 'teacher',
}

export const ROLES_KEY = 'roles';
/** Only these organization roles may call the route (checked by RolesGuard after authentication). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const IS_PUBLIC_KEY = 'isPublic';
/** Opts a route out of authentication: security is on by default. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

export const OPTIONAL_AUTH_KEY = 'optionalAuth';
/** No token: anonymous (public behaviour). A token: it must be valid and the route sees the user. */
export const OptionalAuth = () => SetMetadata(OPTIONAL_AUTH_KEY, true);

export const STAFF_KEY = 'platformStaff';
/** Platform-staff routes: only tokens with the staff audience are accepted. */
export const StaffOnly = () => SetMetadata(STAFF_KEY, true);

export const PORTAL_KEY = 'studentPortal';
/** Student portal routes: only tokens with the portal audience are accepted, and they open nothing else. */
export const PortalOnly = () => SetMetadata(PORTAL_KEY, true);
