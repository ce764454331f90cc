import type { Branding, ContactInfo, OrganizationSettings } from './organization.entity';

/** Spec 1 §9 defaults. */
const DEFAULT_SLOGAN = 'Streamline Your Event Scheduling & Management';
export const DIALOG_SLOGAN = 'Empowering Education Through Technology';

export function defaultBranding(businessName: string): Branding {
  return {
    businessName,
    logoUrl: '',
    primaryColor: '#15385F',
    secondaryColor: '#3384A9',
    headerBackgroundColor: '#15385F',
    headerTextColor: '#ffffff',
    footerBackgroundColor: '#15385F',
    footerTextColor: '#ffffff',
    slogan: DEFAULT_SLOGAN,
    websiteUrl: '',
    socialLinks: { facebook: '', twitter: '', instagram: '', youtube: '', linkedin: '' },
  };
}

export const defaultSettings = (): OrganizationSettings => ({
  discounts: [],
  cancellationPolicies: [],
  notifications: { reminderHours: 18, emailEnabled: true, smsEnabled: false },
});

export const defaultContactInfo = (): ContactInfo => ({ email: '', phone: '', address: 'Clovis, CA' });
