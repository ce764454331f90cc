import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '@/lib/apiClient';
import { CONTACT_MESSAGES, contactFailureText, contactPayload, type ContactInput } from './sendContactMessage';

describe('contactPayload', () => {
  const base: ContactInput = { name: ' Ann ', email: ' a@b.co ', subject: '  ', message: ' Hi ', organizationId: null, inquiryType: '' };
  it('should trim and drop a blank subject and an unchosen inquiry type', () => {
    expect(contactPayload(base)).toEqual({ name: 'Ann', email: 'a@b.co', message: 'Hi' });
  });
  it('should send inquiryType only on the general form', () => {
    expect(contactPayload({ ...base, inquiryType: 'billing' })).toMatchObject({ inquiryType: 'billing' });
    const org = contactPayload({ ...base, inquiryType: 'billing', organizationId: 'o1', subject: 'Q' });
    expect(org).toEqual({ name: 'Ann', email: 'a@b.co', message: 'Hi', subject: 'Q', organizationId: 'o1' });
  });
});

describe('contactFailureText', () => {
  it("should show the server's message", () => {
    const error = new ApiError('Please enter a valid email address', 400, { success: false, error: 'Please enter a valid email address' });
    expect(contactFailureText(error)).toBe('Please enter a valid email address');
  });
  it("should show the spec's fallback, never the client's generic texts", () => {
    expect(CONTACT_MESSAGES.failure).toBe('Failed to send message. Please try again later.');
    expect(contactFailureText(new ApiError(MESSAGES.requestFailed, 500, null))).toBe(CONTACT_MESSAGES.failure);
    expect(contactFailureText(new ApiError(MESSAGES.requestFailed, 502, { success: false, error: null }))).toBe(CONTACT_MESSAGES.failure);
    expect(contactFailureText(new ApiError(MESSAGES.timeout, 408, null, 'timeout'))).toBe(CONTACT_MESSAGES.failure);
    expect(contactFailureText(new ApiError(MESSAGES.network, 0, null, 'network'))).toBe(CONTACT_MESSAGES.failure);
    expect(contactFailureText(new Error('boom'))).toBe(CONTACT_MESSAGES.failure);
  });
});
