/**
 * The organization registration submit (spec 1 §4): sign up as admin → require user and token → store
 * both → create the organization → put the organizationId on the profile → store the updated user.
 */
import type { components } from '@shared/api/schema';
import { api, ApiError } from '@/lib/apiClient';
import { DEFAULT_BRANDING, ORG_DEFAULT_SLOGAN } from '@/lib/branding';
import { storeSession, type User } from '@/lib/storage';

/** The organization dialog's values: the sign-up body's fields (`SignUpDto`) plus the organization's name and domain as typed. */
export type OrganizationSignup = Pick<components['schemas']['SignUpDto'], 'firstName' | 'lastName' | 'email' | 'password'> & {
  organizationName: string;
  domain: string;
};

const CREATE_ORG_MESSAGES = {
  server: 'Server error: Unable to process organization creation. Please try again.',
  timeout: 'Request timed out. Please check your connection and try again.',
  badResponse: 'Server did not respond properly. Please try again.',
  generic: 'Failed to create organization. Please try again.',
} as const;

/** The create-organization payload of spec 1 §3, with the dialog's defaults. */
export function organizationPayload(input: OrganizationSignup) {
  const name = input.organizationName.trim();
  return {
    name,
    domain: input.domain.trim() || null,
    contactInfo: { email: input.email.trim(), phone: '', address: '' },
    branding: {
      businessName: name,
      primaryColor: DEFAULT_BRANDING.primaryColor,
      secondaryColor: DEFAULT_BRANDING.secondaryColor,
      headerBackgroundColor: DEFAULT_BRANDING.headerBackgroundColor,
      headerTextColor: DEFAULT_BRANDING.headerTextColor,
      footerBackgroundColor: DEFAULT_BRANDING.footerBackgroundColor,
      footerTextColor: DEFAULT_BRANDING.footerTextColor,
      slogan: ORG_DEFAULT_SLOGAN,
      websiteUrl: '',
      socialLinks: { facebook: '', twitter: '', instagram: '', youtube: '', linkedin: '' },
    },
    settings: {
      discounts: [],
      cancellationPolicies: [],
      notifications: { reminderHours: 18, emailEnabled: true, smsEnabled: false },
    },
  };
}

function createOrganizationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return CREATE_ORG_MESSAGES.timeout;
    if (error.kind === 'format') return CREATE_ORG_MESSAGES.badResponse;
    if (error.status >= 500) return CREATE_ORG_MESSAGES.server;
    return error.message || CREATE_ORG_MESSAGES.generic;
  }
  return CREATE_ORG_MESSAGES.generic;
}

export async function registerOrganization(input: OrganizationSignup): Promise<User> {
  const auth = await api.post<{ user?: User; token?: string } | null>(
    '/api/auth/signup',
    {
      email: input.email.trim(),
      password: input.password,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      role: 'admin',
    },
    { public: true },
  );
  if (!auth?.user) throw new Error('Signup failed - no user data received');
  if (!auth.token) throw new Error('Invalid signup response: missing user or token');
  storeSession(auth.user, auth.token);

  let organization: { id?: string; name?: string } | null;
  try {
    organization = await api.post<{ id?: string; name?: string } | null>('/api/organizations', organizationPayload(input));
  } catch (error) {
    throw new Error(createOrganizationErrorMessage(error), { cause: error });
  }
  if (!organization?.id) throw new Error(CREATE_ORG_MESSAGES.badResponse);

  const updated = await api.put<User>('/api/auth/profile', { organizationId: organization.id });
  const user = updated && typeof updated === 'object' ? { ...auth.user, ...updated } : { ...auth.user, organizationId: organization.id };
  storeSession(user);
  return user;
}
