import { api } from '@/lib/apiClient';

export const INQUIRY_TYPES = [
  { value: 'general', label: 'General question' },
  { value: 'technical', label: 'Technical support' },
  { value: 'partnership', label: 'Business partnership' },
  { value: 'educator', label: 'I am an educator or organization' },
  { value: 'student', label: 'I am a student' },
  { value: 'billing', label: 'Billing' },
] as const;

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  organizationId: string | null;
  inquiryType: string;
}

export const CONTACT_MESSAGES = {
  required: 'Please fill in all required fields.',
  success: "Your message has been sent successfully! We'll get back to you soon.",
  failure: 'Failed to send message. Please try again later.',
} as const;

/** The body rules of spec 2 §5: trimmed; subject only if non-blank; inquiryType only on the general form. */
export function contactPayload(input: ContactInput): Record<string, string> {
  const body: Record<string, string> = {
    name: input.name.trim(),
    email: input.email.trim(),
    message: input.message.trim(),
  };
  if (input.subject.trim()) body.subject = input.subject.trim();
  if (input.organizationId) body.organizationId = input.organizationId;
  else if (input.inquiryType) body.inquiryType = input.inquiryType;
  return body;
}

export function sendContactMessage(input: ContactInput): Promise<{ id: string }> {
  return api.post<{ id: string }>('/api/contact', contactPayload(input), { public: true });
}
