import { describe, expect, it } from 'vitest';
import { contactPayload } from './sendContactMessage';

describe('contactPayload', () => {
  const base = { name: ' Ann ', email: ' a@b.co ', subject: '  ', message: ' Hi ', organizationId: null, inquiryType: '' };
  it('should trim and drop a blank subject and an unchosen inquiry type', () => {
    expect(contactPayload(base)).toEqual({ name: 'Ann', email: 'a@b.co', message: 'Hi' });
  });
  it('should send inquiryType only on the general form', () => {
    expect(contactPayload({ ...base, inquiryType: 'billing' })).toMatchObject({ inquiryType: 'billing' });
    const org = contactPayload({ ...base, inquiryType: 'billing', organizationId: 'o1', subject: 'Q' });
    expect(org).toEqual({ name: 'Ann', email: 'a@b.co', message: 'Hi', subject: 'Q', organizationId: 'o1' });
  });
});
