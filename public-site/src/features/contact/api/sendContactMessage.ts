import type { components } from '@shared/api/schema';
import { api, ApiError } from '@/lib/apiClient';

export const INQUIRY_TYPES = [
  { value: 'general', label: 'General question' },
  { value: 'technical', label: 'Technical support' },
  { value: 'partnership', label: 'Business partnership' },
  { value: 'educator', label: 'I am an educator or organization' },
  { value: 'student', label: 'I am a student' },
  { value: 'billing', label: 'Billing' },
] as const;

type ContactMessage = components['schemas']['ContactMessageDto'];

/**
 * The contact form's values: the body's fields (`ContactMessageDto`) as the form holds them (every text present,
 * possibly empty; no organization on the platform's page; no inquiry type chosen yet). contactPayload() makes the body.
 */
export type ContactInput = Required<Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message'>> & {
  organizationId: string | null;
  inquiryType: NonNullable<ContactMessage['inquiryType']> | '';
};

export const CONTACT_MESSAGES = {
  required: 'Please fill in all required fields.',
  success: "Your message has been sent successfully! We'll get back to you soon.",
  failure: 'Failed to send message. Please try again later.',
} as const;

/**
 * Spec 2 §8: the server's message, else the contact fallback. The client's own generic texts ("Request failed",
 * timeouts, network) are not the server's word, so they give the fallback too.
 */
export function contactFailureText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') {
    const body = error.data as { error?: unknown } | null;
    if (body && typeof body.error === 'string' && body.error.trim()) return body.error;
  }
  return CONTACT_MESSAGES.failure;
}

/** The body rules of spec 2 §5: trimmed; subject only if non-blank; inquiryType only on the general form. */
export function contactPayload(input: ContactInput): ContactMessage {
  const body: ContactMessage = {
    name: input.name.trim(),
    email: input.email.trim(),
    message: input.message.trim(),
  };
  if (input.subject.trim()) body.subject = input.subject.trim();
  if (input.organizationId) body.organizationId = input.organizationId;
  else if (input.inquiryType) body.inquiryType = input.inquiryType;
  return body;
}

export function sendContactMessage(input: ContactInput): Promise<components['schemas']['ContactSentResponseDto']> {
  return api.post<components['schemas']['ContactSentResponseDto']>('/api/contact', contactPayload(input), { public: true });
}
