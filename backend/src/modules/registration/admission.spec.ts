/**
 * The order of admission (admission.ts), on its own: every registration path calls `admit`, so the first refusal a
 * request meets is the same in person and by card, for one person and a household. The last test checks that the
 * registration paths do call it and keep none of its checks of their own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { ClassEntity } from '../classes/class.entity';
import type { OrganizationEntity } from '../organizations/organization.entity';
import type { Quote } from '../pricing/pricing.service';
import type { PreparedForm } from '../registration-forms/registration-forms.service';
import type { SeatPlan } from '../subscriptions/usage.service';
import { ADMISSION_ORDER, admit, type AdmissionRequest, type AdmissionSteps } from './admission';
import { RegistrationError, RegistrationException } from './registration.exception';

/** This folder (Jest runs in backend/, or from the repository root). */
const HERE = [resolve('src/modules/registration'), resolve('backend/src/modules/registration')].find((d) => existsSync(d))!;

const cls = { id: 'c1', organizationId: 'o1', title: 'Pottery' } as ClassEntity;
const org = { id: 'o1' } as OrganizationEntity;

/** A refusal as the step that owns the rule would throw it, with its HTTP status. */
class Refusal extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
  ) {
    super(step);
  }
}

/** Steps that record the order they run in and refuse where told. */
function steps(refuse: Partial<Record<(typeof ADMISSION_ORDER)[number], number>> = {}) {
  const ran: string[] = [];
  const step =
    <T>(name: (typeof ADMISSION_ORDER)[number], value: T) =>
    async (): Promise<T> => {
      ran.push(name);
      if (refuse[name]) throw new Refusal(name, refuse[name]!);
      return value;
    };
  const s: AdmissionSteps = {
    readClass: step('class', { cls, email: 'a@b.co', emailHoldsSeat: false }),
    readOrganization: step('organization', { org, seatPlan: {} as SeatPlan }),
    assertOpen: step('window', undefined),
    prepareForm: step('form', { seats: [] } as unknown as PreparedForm),
    quote: step('quote', { totalCents: 5000 } as Quote),
  };
  return { s, ran };
}

const onePerson: AdmissionRequest = {
  organizationId: 'o1',
  classId: 'c1',
  contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.co', phone: '5551234567' },
  client: { ip: null, userAgent: null },
};
const household: AdmissionRequest = {
  ...onePerson,
  attendees: [
    { firstName: 'Ada', lastName: 'Lovelace' },
    { firstName: 'Byron', lastName: 'Lovelace' },
  ],
};

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('admit', () => {
  it('should run the checks in the documented order and hold what they read', async () => {
    const { s, ran } = steps();
    const admitted = await admit(onePerson, s);
    expect(ran).toEqual(ADMISSION_ORDER.filter((x) => x !== 'offer-one-seat'));
    expect(admitted).toMatchObject({ cls, org, window: 'open', quote: { totalCents: 5000 } });
  });

  it('should answer a too-early registration with a bad answer from the window (409), for one person and a household alike', async () => {
    for (const r of [onePerson, household]) {
      const { s, ran } = steps({ window: 409, form: 400 });
      const e = (await refusal(admit(r, s))) as Refusal;
      expect(e.step).toBe('window');
      expect(e.status).toBe(409);
      // The form is never judged for a registration that cannot go through yet.
      expect(ran).not.toContain('form');
    }
  });

  it('should answer a full class before the window, the form and the price', async () => {
    const { s, ran } = steps({ class: 409, window: 409, form: 400, quote: 400 });
    const e = (await refusal(admit(onePerson, s))) as Refusal;
    expect(e.step).toBe('class');
    expect(ran).toEqual(['class']);
  });

  it('should judge the form before the price (a bad answer and a refused code: the answer is named)', async () => {
    const { s } = steps({ form: 400, quote: 400 });
    expect(((await refusal(admit(onePerson, s))) as Refusal).step).toBe('form');
  });

  it('should refuse a waitlist offer for a household before reading anything', async () => {
    const { s, ran } = steps();
    const e = await refusal(admit({ ...household, waitlistOfferToken: 'tok' }, s));
    expect(e).toBeInstanceOf(RegistrationException);
    expect((e as RegistrationException).code).toBe(RegistrationError.OfferOneSeat);
    expect(ran).toEqual([]);
  });

  it('should be the only way in: the in-person and card paths call admit and keep none of its checks', () => {
    for (const file of [
      'registration.service.ts',
      '../payments/card-hold-intents.service.ts',
      '../payments/card-payments.service.ts',
      '../payments/household-payments.service.ts',
    ]) {
      const src = readFileSync(join(HERE, file), 'utf8');
      for (const own of ['assertOpen(', 'forms.prepare(', 'quoteForRegistration(', 'requireForRegistration(', 'readClass('])
        expect({ file, own, found: src.includes(own) }).toEqual({ file, own, found: false });
    }
    for (const file of ['registration.service.ts', '../payments/card-hold-intents.service.ts'])
      expect(readFileSync(join(HERE, file), 'utf8')).toContain('this.admission.admit(');
  });
});
