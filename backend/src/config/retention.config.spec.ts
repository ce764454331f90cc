import { describe, expect, it } from '@jest/globals';
import { readRetentionConfig } from './retention.config';

describe('retention settings', () => {
  it('should default to three years of activity, 400 days of messages, 30 of deliveries and 90 of Stripe events', () => {
    expect(readRetentionConfig({})).toEqual({
      activityEventsDays: 1095,
      communicationsDays: 400,
      webhookDeliveriesDays: 30,
      stripeEventsDays: 90,
    });
    expect(readRetentionConfig({ RETENTION_COMMUNICATIONS_DAYS: '35' }).communicationsDays).toBe(35);
  });

  it('should refuse a figure under its floor (the monthly cap and the Stripe dedupe read older rows) or not a number', () => {
    expect(() => readRetentionConfig({ RETENTION_COMMUNICATIONS_DAYS: '10' })).toThrow(
      'RETENTION_COMMUNICATIONS_DAYS must be a whole number of days, at least 35, got "10"',
    );
    expect(() => readRetentionConfig({ RETENTION_STRIPE_EVENTS_DAYS: '30' })).toThrow(/at least 35/);
    expect(() => readRetentionConfig({ RETENTION_ACTIVITY_EVENTS_DAYS: 'forever' })).toThrow(/whole number of days/);
  });
});
