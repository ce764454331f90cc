import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/apiClient';
import { keepEarlyAccessFrom } from '@/lib/earlyAccess';
import { createCardIntent } from './cardPayment';
import { reserveInPerson } from './registerStudent';

/**
 * An in-person and a card registration carry the same extras (household, waitlist seat, form, promo code, early
 * access, date of birth), built by one function: both requests must send them alike, and only those given.
 */
const student = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '5595550100', communicationOptIn: true };
const base = { student, classId: 'c1', organizationId: 'o1' };
const TOKEN = `${'a'.repeat(32)}.${'b'.repeat(22)}`;

function sent() {
  const post = vi.spyOn(api, 'post').mockResolvedValue({ id: 's1' } as never);
  return () => post.mock.calls.map(([, body]) => body as Record<string, unknown>);
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('registration extras', () => {
  it('are sent alike in person and by card, each only when given', async () => {
    keepEarlyAccessFrom(`?earlyAccess=${TOKEN}&email=ANN@example.com`);
    const bodies = sent();
    const extras = {
      waitlistOfferToken: 'o123.sig',
      form: { answers: [{ questionId: 'q1', value: 'yes' }], waiverAcceptances: [] },
      promoCode: 'SPRING',
      dateOfBirth: '1950-01-02',
    };
    await reserveInPerson({ ...base, ...extras });
    await createCardIntent({ ...base, ...extras, amount: 40 });
    const expected = {
      waitlistOfferToken: 'o123.sig',
      answers: [{ questionId: 'q1', value: 'yes' }],
      promoCode: 'SPRING',
      earlyAccessToken: TOKEN,
      dateOfBirth: '1950-01-02',
    };
    for (const body of bodies()) {
      expect(body).toMatchObject(expected);
      expect(body).not.toHaveProperty('waiverAcceptances');
      expect(body).not.toHaveProperty('attendees');
    }
  });

  it('send a household without the one-person date of birth, and nothing extra when nothing is given', async () => {
    const bodies = sent();
    const attendees = [{ firstName: 'Bo', lastName: 'Lee', dateOfBirth: '2015-03-04' }];
    await reserveInPerson({ ...base, attendees, dateOfBirth: '1950-01-02' });
    await createCardIntent({ ...base, attendees, dateOfBirth: '1950-01-02', amount: 80 });
    await reserveInPerson(base);
    const [inPerson, card, plain] = bodies();
    for (const body of [inPerson, card]) {
      expect(body.attendees).toEqual(attendees);
      expect(body).not.toHaveProperty('dateOfBirth');
    }
    // The page's language always goes along (the messages are written in it).
    expect(Object.keys(plain).sort()).toEqual([...Object.keys(student), 'classEnrollments', 'language', 'organizationId'].sort());
  });

  it('send the parent or guardian with their signatures in person and by card, and never without a signature', async () => {
    const bodies = sent();
    const form = {
      waiverAcceptances: [{ waiverVersionId: 'v1', signedName: 'Sam Lee' }],
      guardian: { name: 'Sam Lee' },
    };
    await reserveInPerson({ ...base, form, dateOfBirth: '2014-03-04' });
    await createCardIntent({ ...base, form, dateOfBirth: '2014-03-04', amount: 40 });
    await reserveInPerson({ ...base, form: { guardian: { name: 'Sam Lee' } } });
    const [inPerson, card, unsigned] = bodies();
    for (const body of [inPerson, card])
      expect(body).toMatchObject({ dateOfBirth: '2014-03-04', guardian: { name: 'Sam Lee' }, waiverAcceptances: form.waiverAcceptances });
    expect(unsigned).not.toHaveProperty('guardian');
  });
});
