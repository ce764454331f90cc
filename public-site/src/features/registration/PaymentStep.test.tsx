import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentStep } from './PaymentStep';

/** The card step's states (spec 2 §4 and §8) with a fake Stripe.js instance and a stubbed API. */
const stripeJs = vi.hoisted(() => ({
  load: (_key: string): Promise<unknown> => Promise.reject(new Error('not set')),
  keys: [] as string[],
}));
vi.mock('./stripeLoader', () => ({
  loadStripeJs: (key: string) => {
    stripeJs.keys.push(key);
    return stripeJs.load(key);
  },
}));

const ORG = 'a0000000-0000-4000-8000-000000000001';
const CLASS = '486f36a9-a089-445a-9c44-8cb266b86655';
const STUDENT = { firstName: 'Rosa', lastName: 'Park', email: 'rosa@example.com', phone: '(559) 555-1234', communicationOptIn: true };
const UNAVAILABLE =
  "Payment System Unavailable: Credit card payments are temporarily unavailable. Please select 'Pay in Person at Class' to reserve your spot.";

const reply = (status: number, data: unknown, error: string | null = null, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ success: status < 400, data, error, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Api = Record<string, (body: unknown) => Response>;
let calls: { path: string; body: unknown }[] = [];

function stubApi(routes: Api) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const key = Object.keys(routes).find((prefix) => path.startsWith(prefix));
      return key ? routes[key](body) : reply(404, null, 'Not found');
    }),
  );
}

const chargesEnabled = (enabled: boolean): Api => ({
  '/api/stripe/config': () => reply(200, { publicKey: 'pk_test_unit', environment: 'test' }),
  '/api/connect/status/': () => reply(200, { hasAccount: enabled, charges_enabled: enabled }),
});

function fakeStripe(confirmPayment: (params: unknown) => Promise<unknown>) {
  const handlers: Record<string, ((event: unknown) => void)[]> = {};
  const element = {
    mount: vi.fn(),
    on: (event: string, handler: (e: unknown) => void) => ((handlers[event] ??= []).push(handler), element),
    off: (event: string, handler: (e: unknown) => void) => (
      (handlers[event] = (handlers[event] ?? []).filter((h) => h !== handler)),
      element
    ),
    update: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = {
    create: vi.fn(() => element),
    getElement: vi.fn(() => element),
    update: vi.fn(),
    submit: vi.fn(async () => ({})),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment: vi.fn(confirmPayment),
    registerAppInfo: vi.fn(),
    _registerWrapper: vi.fn(),
  };
  const change = (event: { complete: boolean }) =>
    act(() => (handlers.change ?? []).forEach((h) => h({ elementType: 'payment', empty: false, value: { type: 'card' }, ...event })));
  return { stripe, elements, change };
}

function renderStep(onCardPaid = vi.fn(), amount = 45) {
  render(
    <PaymentStep
      registration={{ classId: CLASS, organizationId: ORG, student: STUDENT }}
      amount={amount}
      busy={false}
      error={null}
      onReserve={vi.fn()}
      onCardPaid={onCardPaid}
      onBack={vi.fn()}
    />,
  );
  return onCardPaid;
}

const intent = {
  clientSecret: 'pi_1_secret_abc',
  paymentIntentId: 'pi_1',
  amount: 45,
  holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  enrollmentId: 'e1',
};

beforeEach(() => {
  stripeJs.keys = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaymentStep without card payments', () => {
  it('should keep in person and show the unavailable panel when the organization cannot take charges', async () => {
    stubApi(chargesEnabled(false));
    renderStep();
    expect(await screen.findByText(/Payment System Unavailable/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(UNAVAILABLE);
    expect((screen.getByRole('radio', { name: /Pay in Person at Class/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: /Pay by Card/ })).toBeNull();
    expect(stripeJs.keys).toEqual([]);
  });

  it('should fall back to in person with the panel when Stripe.js cannot load', async () => {
    stubApi(chargesEnabled(true));
    stripeJs.load = () => Promise.reject(new Error('Failed to load Stripe.js'));
    renderStep();
    await screen.findByText(/Payment System Unavailable/);
    expect(stripeJs.keys).toEqual(['pk_test_unit']);
    expect((screen.getByRole('radio', { name: /Pay in Person at Class/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: /Pay by Card/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reserve My Spot' })).toBeTruthy();
  });
});

describe('PaymentStep for a free class', () => {
  it('should offer in person only, with no unavailable panel and no Stripe', async () => {
    stubApi(chargesEnabled(true));
    renderStep(vi.fn(), 0);
    expect(await screen.findByRole('button', { name: 'Reserve My Spot' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Payment System Unavailable/)).toBeNull();
    expect(screen.queryByRole('radio', { name: /Pay by Card/ })).toBeNull();
    expect(stripeJs.keys).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('PaymentStep with card payments', () => {
  it('should switch to card and keep Pay disabled until the card is complete', async () => {
    stubApi(chargesEnabled(true));
    const fake = fakeStripe(async () => ({}));
    stripeJs.load = async () => fake.stripe;
    renderStep();
    const pay = (await screen.findByRole('button', { name: 'Pay $45' })) as HTMLButtonElement;
    expect((screen.getByRole('radio', { name: /Pay by Card/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(/Payment System Unavailable/)).toBeNull();
    expect(pay.disabled).toBe(true);

    // Stripe's Payment Element, in deferred-intent mode for the price shown: no PaymentIntent (no hold) before Pay.
    expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ mode: 'payment', amount: 4500, currency: 'usd' }));
    expect(fake.elements.create).toHaveBeenCalledWith('payment', expect.anything());
    fake.change({ complete: false });
    expect(pay.disabled).toBe(true);
    fake.change({ complete: true });
    expect(pay.disabled).toBe(false);
    expect(calls.some((c) => c.path.startsWith('/api/payments'))).toBe(false); // no hold before Pay
  });

  it("should hold the seat, show the countdown and Stripe's decline message, and complete nothing", async () => {
    stubApi({ ...chargesEnabled(true), '/api/payments/create-intent': () => reply(201, intent) });
    const fake = fakeStripe(async () => ({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }));
    stripeJs.load = async () => fake.stripe;
    const onCardPaid = renderStep();
    await screen.findByRole('button', { name: 'Pay $45' });
    fake.change({ complete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $45' }));

    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(document.querySelector('.hold-timer')?.textContent).toMatch(/Your spot is held for 1[45]:\d\d\./);
    const create = calls.find((c) => c.path === '/api/payments/create-intent');
    // The page's language goes with the person: their messages are written in it (issue 42 §2).
    expect(create?.body).toEqual({ classId: CLASS, organizationId: ORG, studentData: { ...STUDENT, language: 'en' }, amount: 45 });
    expect(fake.elements.submit).toHaveBeenCalled();
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ elements: fake.elements, clientSecret: 'pi_1_secret_abc', redirect: 'if_required' }),
    );
    expect(calls.some((c) => c.path === '/api/payments/confirm-enrollment')).toBe(false);
    expect(onCardPaid).not.toHaveBeenCalled();
  });

  it("should say 'Payment was not completed' when the intent did not succeed", async () => {
    stubApi({ ...chargesEnabled(true), '/api/payments/create-intent': () => reply(201, intent) });
    const fake = fakeStripe(async () => ({ paymentIntent: { id: 'pi_1', status: 'requires_action' } }));
    stripeJs.load = async () => fake.stripe;
    renderStep();
    await screen.findByRole('button', { name: 'Pay $45' });
    fake.change({ complete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $45' }));
    expect(await screen.findByText('Payment was not completed. Please try again.')).toBeTruthy();
  });

  it('should map a refused hold to the spec message and charge nothing', async () => {
    stubApi({
      ...chargesEnabled(true),
      '/api/payments/create-intent': () =>
        reply(403, null, 'Online card payments need a plan with onlinePaymentCollection (subscription)', { code: 'PLAN_REQUIRED' }),
    });
    const fake = fakeStripe(async () => ({}));
    stripeJs.load = async () => fake.stripe;
    renderStep();
    await screen.findByRole('button', { name: 'Pay $45' });
    fake.change({ complete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $45' }));
    expect(
      await screen.findByText("This organization currently only accepts in-person payments. Please select 'Pay in Person at Class'."),
    ).toBeTruthy();
    expect(fake.stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('should hand over what the server verified after a succeeded payment', async () => {
    stubApi({
      ...chargesEnabled(true),
      '/api/payments/create-intent': () => reply(201, intent),
      '/api/payments/confirm-enrollment': () => reply(200, { enrollmentId: 'e1', transactionId: 'pi_1' }),
    });
    const fake = fakeStripe(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    stripeJs.load = async () => fake.stripe;
    const onCardPaid = renderStep();
    await screen.findByRole('button', { name: 'Pay $45' });
    fake.change({ complete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $45' }));
    await waitFor(() => expect(onCardPaid).toHaveBeenCalledWith({ enrollmentId: 'e1', transactionId: 'pi_1', amount: 45 }));
    const confirm = calls.find((c) => c.path === '/api/payments/confirm-enrollment');
    expect(confirm?.body).toEqual({
      paymentIntentId: 'pi_1',
      classId: CLASS,
      organizationId: ORG,
      studentData: { ...STUDENT, language: 'en' },
    });
  });

  it("should show Stripe's own message when the details do not pass elements.submit(), and hold nothing", async () => {
    stubApi({ ...chargesEnabled(true), '/api/payments/create-intent': () => reply(201, intent) });
    const fake = fakeStripe(async () => ({}));
    fake.elements.submit.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } } as never);
    stripeJs.load = async () => fake.stripe;
    renderStep();
    await screen.findByRole('button', { name: 'Pay $45' });
    fake.change({ complete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $45' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/payments/create-intent')).toBe(false);
    expect(fake.stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it("should say 'Card information not found' when the card field is gone", async () => {
    stubApi({ ...chargesEnabled(true), '/api/payments/create-intent': () => reply(201, intent) });
    const fake = fakeStripe(async () => ({}));
    stripeJs.load = async () => fake.stripe;
    renderStep();
    await screen.findByRole('button', { name: 'Pay $45' });
    fake.change({ complete: true });
    fake.elements.getElement.mockReturnValue(null as never);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $45' }));
    expect(await screen.findByText('Card information not found. Please try again.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/payments/create-intent')).toBe(false);
  });
});
