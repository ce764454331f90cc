// How the portal names the organization to contact, in its replies, its refusals and the receipt.
import type { OrganizationEntity } from '../organizations/organization.entity';
import { PortalError, PortalException } from './portal.exception';

export function organizationContact(org: OrganizationEntity) {
  return {
    id: org.id,
    name: org.branding?.businessName || org.name,
    email: org.contactInfo?.email || null,
    phone: org.contactInfo?.phone || null,
  };
}

/** The refusal of a cancellation past the organization's cut-off, with whom to ask instead. */
export function tooLate(org: OrganizationEntity, hours: number) {
  const c = organizationContact(org);
  const reach = [c.email, c.phone].filter(Boolean).join(' or ');
  return new PortalException(
    PortalError.SelfServiceCutoff,
    `Registrations can be cancelled here until ${hours} hours before the first session. Please contact ${c.name}${reach ? ` at ${reach}` : ''}.`,
    { contact: c },
  );
}
