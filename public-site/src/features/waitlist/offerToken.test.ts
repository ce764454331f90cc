import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmCardEnrollment, createCardIntent } from '@/features/registration/api/cardPayment';
import { reserveInPerson } from '@/features/registration/api/registerStudent';
import { reply, stubApi } from './testApi';

/** Registering into an offer's held seat sends `waitlistOfferToken` to register and create-intent only. */
const ORG = 'a0000000-0000-4000-8000-000000000001';
const CLASS = '486f36a9-a089-445a-9c44-8cb266b86655';
const student = { firstName: 'Rosa', lastName: 'Park', email: 'rosa@example.com', phone: '(559) 555-1234', communicationOptIn: true };

afterEach(() => vi.unstubAllGlobals());

describe('the offer token on the registration calls', () => {
  it('should send the token to create-intent and register, and not to confirm-enrollment', async () => {
    const calls = stubApi({
      'POST /api/payments/create-intent': () =>
        reply(201, { clientSecret: 's', paymentIntentId: 'pi_1', amount: 30, holdExpiresAt: '2026-11-24T16:00:00Z' }),
      'POST /api/payments/confirm-enrollment': () => reply(201, { enrollmentId: 'en1', transactionId: 'tx1' }),
      'POST /api/students/register': () => reply(201, { id: 's1', classEnrollments: [] }),
    });
    const registration = { classId: CLASS, organizationId: ORG, student, waitlistOfferToken: 'tok' };
    await createCardIntent({ ...registration, amount: 30 });
    await confirmCardEnrollment({ ...registration, paymentIntentId: 'pi_1' });
    await reserveInPerson(registration);
    expect(calls.map((c) => (c.body as Record<string, unknown>).waitlistOfferToken)).toEqual(['tok', undefined, 'tok']);
  });

  it('should send no token on an ordinary registration', async () => {
    const calls = stubApi({
      'POST /api/payments/create-intent': () =>
        reply(201, { clientSecret: 's', paymentIntentId: 'pi_1', amount: 30, holdExpiresAt: '2026-11-24T16:00:00Z' }),
      'POST /api/students/register': () => reply(201, { id: 's1', classEnrollments: [] }),
    });
    await createCardIntent({ classId: CLASS, organizationId: ORG, student, amount: 30 });
    await reserveInPerson({ classId: CLASS, organizationId: ORG, student });
    expect(calls.every((c) => !('waitlistOfferToken' in (c.body as object)))).toBe(true);
  });
});
