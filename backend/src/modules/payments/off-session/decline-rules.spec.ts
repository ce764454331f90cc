import { describe, expect, it } from '@jest/globals';
import { classifyDecline } from './decline-rules';

describe('off-session decline rules (INTEGRATIONS.md)', () => {
  it('authentication_required is never a decline to retry, whichever field carries it', () => {
    expect(classifyDecline('authentication_required', undefined)).toBe('authentication_required');
    expect(classifyDecline('card_declined', 'authentication_required')).toBe('authentication_required');
  });

  it.each(['insufficient_funds', 'processing_error', 'try_again_later', 'generic_decline'])('card_declined / %s is soft', (declineCode) => {
    expect(classifyDecline('card_declined', declineCode)).toBe('soft');
  });

  it('processing_error as an error code (no decline code) is soft', () => {
    expect(classifyDecline('processing_error', null)).toBe('soft');
  });

  it.each(['lost_card', 'stolen_card', 'pickup_card', 'fraudulent', 'do_not_honor'])('card_declined / %s is hard', (declineCode) => {
    expect(classifyDecline('card_declined', declineCode)).toBe('hard');
  });

  it.each(['expired_card', 'incorrect_number'])('the error code %s is hard, with or without a decline code', (code) => {
    expect(classifyDecline(code, undefined)).toBe('hard');
    expect(classifyDecline('card_declined', code)).toBe('hard');
  });

  it('a decline code the contract does not name is soft; another error code is hard', () => {
    expect(classifyDecline('card_declined', 'card_velocity_exceeded')).toBe('soft');
    expect(classifyDecline('card_declined', null)).toBe('soft');
    expect(classifyDecline('incorrect_cvc', null)).toBe('hard');
    expect(classifyDecline(null, null)).toBe('hard');
  });
});
