import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/apiClient';
import { PaymentError, RegistrationError, SubscriptionError } from '@shared/api/error-codes';
import { CARD_MESSAGES, cardConfirmErrorMessage, cardIntentErrorMessage, createCardIntent } from './cardPayment';

/** A refusal as the server sends it: the readable message and its code. */
const refused = (message: string, status: number, code: string) =>
  new ApiError(message, status, { success: false, data: null, error: message, code });

describe('cardIntentErrorMessage (spec 2 §8)', () => {
  it('should name in-person payment when the server speaks of the subscription or plan', () => {
    expect(cardIntentErrorMessage(refused('Online payments need an active subscription', 403, SubscriptionError.PlanRequired))).toBe(
      "This organization currently only accepts in-person payments. Please select 'Pay in Person at Class'.",
    );
    expect(
      cardIntentErrorMessage(
        refused("Card payments are not included in this organization's subscription plan.", 403, SubscriptionError.PlanRequired),
      ),
    ).toBe(CARD_MESSAGES.inPersonOnly);
  });

  it('should tell the plan refusals by their code, never by the words', () => {
    const limit = "This organization's subscription plan has reached its limit of 1 card payments this month.";
    expect(cardIntentErrorMessage(refused(limit, 403, SubscriptionError.LimitReached))).toBe(CARD_MESSAGES.inPersonOnly);
    const notSetUp = "Card payments are not set up for this organization's subscription yet.";
    expect(cardIntentErrorMessage(refused(notSetUp, 403, PaymentError.CardPaymentsNotSetUp))).toBe(CARD_MESSAGES.inPersonOnly);
    // The same codes in other words still mean in person only; the word alone, without a code, means nothing.
    expect(cardIntentErrorMessage(refused('Upgrade to take cards', 403, SubscriptionError.PlanRequired))).toBe(CARD_MESSAGES.inPersonOnly);
    expect(cardIntentErrorMessage(new ApiError('Your subscription is fine', 403))).toBe('Your subscription is fine');
    expect(cardIntentErrorMessage(refused('This class is full', 409, RegistrationError.ClassFull))).toBe('This class is full');
  });

  it("should map 'not found' to the support message", () => {
    expect(cardIntentErrorMessage(new ApiError('Class not found', 404))).toBe('Class or organization not found. Please contact support.');
    expect(cardIntentErrorMessage(new ApiError('Organization not found', 404))).toBe(CARD_MESSAGES.notFound);
  });

  it('should say card payments are not available when the organization cannot take them', () => {
    expect(
      cardIntentErrorMessage(refused('This organization cannot accept card payments yet', 503, PaymentError.CardPaymentsUnavailable)),
    ).toBe("Credit card payments are not available. Please select 'Pay in Person at Class'.");
    expect(cardIntentErrorMessage(new ApiError('Service unavailable', 503))).toBe(CARD_MESSAGES.cardsUnavailable);
  });

  it('should keep a readable refusal the student can act on', () => {
    expect(cardIntentErrorMessage(new ApiError('This class is full', 409))).toBe('This class is full');
    expect(cardIntentErrorMessage(new ApiError('The price of this class changed: it is now $40', 409))).toBe(
      'The price of this class changed: it is now $40',
    );
  });

  it("should fall back to 'Failed to reserve spot. Please try again.'", () => {
    expect(cardIntentErrorMessage(new ApiError('Internal server error', 500))).toBe('Failed to reserve spot. Please try again.');
    expect(cardIntentErrorMessage(new TypeError('boom'))).toBe(CARD_MESSAGES.reserveFailed);
  });
});

describe('a card hold refused by the per-IP limit (429)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const attempt = () =>
    createCardIntent({
      classId: 'c1',
      organizationId: 'o1',
      amount: 80,
      student: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '5595551234', communicationOptIn: true },
    }).then(
      () => 'created',
      (e: unknown) => cardIntentErrorMessage(e),
    );

  it("should show the server's readable message, never 'Failed to reserve spot'", async () => {
    const body = { success: false, data: null, error: 'Too many attempts. Please wait a few minutes and try again.' };
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '42' } }),
        ),
    );
    expect(await attempt()).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('should still ask to wait when a proxy answers 429 without the envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(new Response('Too Many Requests', { status: 429, headers: { 'content-type': 'text/plain' } })),
    );
    expect(await attempt()).toBe('Too many requests. Please wait a moment and try again.');
  });
});

describe('cardConfirmErrorMessage (spec 2 §4, §8)', () => {
  it("should show Stripe's own message, or 'Payment failed' without one", () => {
    expect(cardConfirmErrorMessage({ error: { type: 'card_error', message: 'Your card was declined.' } })).toBe('Your card was declined.');
    expect(cardConfirmErrorMessage({ error: { type: 'api_error' } })).toBe('Payment failed. Please try again.');
  });

  it("should say 'Payment was not completed' for an intent that did not succeed", () => {
    expect(cardConfirmErrorMessage({ paymentIntent: { status: 'requires_action' } })).toBe('Payment was not completed. Please try again.');
    expect(cardConfirmErrorMessage({})).toBe(CARD_MESSAGES.notCompleted);
  });

  it('should let a succeeded payment through to the server check', () => {
    expect(cardConfirmErrorMessage({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })).toBeNull();
  });
});
