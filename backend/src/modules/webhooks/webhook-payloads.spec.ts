import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { WebhookEvents } from './webhook-events';
import { WEBHOOK_EVENTS } from './webhook-events';
import { WEBHOOK_PAYLOAD_CLASSES } from './webhook-payloads';

/**
 * What the compiler refuses: each `@ts-expect-error` below must stay an error, or `npm run typecheck` fails. The
 * function is never called; it exists to be type-checked.
 */
export function wrongPayloadsDoNotCompile(events: WebhookEvents, m: EntityManager) {
  const payment = {
    studentId: 's',
    studentName: 'n',
    classId: 'c',
    className: 'x',
    enrollmentId: 'e',
    amount: 1,
    paymentMethod: 'card',
  } as const;
  // @ts-expect-error a payment's payload on enrollment.created
  void events.publish(m, 'o', 'enrollment.created', payment);
  // @ts-expect-error a field no payload has
  void events.publish(m, 'o', 'class.cancelled', { classId: 'c', className: 'x', secret: 1 });
  // @ts-expect-error a field missing
  void events.publish(m, 'o', 'waitlist.offered', { waitlistEntryId: 'w', classId: 'c' });
  // @ts-expect-error a payment method there is not
  void events.publish(m, 'o', 'payment.succeeded', { ...payment, paymentMethod: 'cheque' });
  // @ts-expect-error an event there is not
  void events.publish(m, 'o', 'class.created', { classId: 'c' });
  // enrollment.cancelled has one shape: the short one the admin's removal sent before is refused.
  // @ts-expect-error no enrollmentId, className or refund
  void events.publish(m, 'o', 'enrollment.cancelled', { studentId: 's', studentName: 'n', classId: 'c' });
  const cancelled = { enrollmentId: 'e', studentId: 's', studentName: 'n', classId: 'c', className: 'x', refund: 0 };
  void events.publish(m, 'o', 'enrollment.cancelled', { ...cancelled, source: 'class_cancelled' });
  // @ts-expect-error a source the cancellation does not send
  void events.publish(m, 'o', 'enrollment.cancelled', { ...cancelled, source: 'self_service' });
  void events.publish(m, 'o', 'payment.succeeded', payment);
}

describe('webhook payloads', () => {
  it('should describe the payload of every event an endpoint may subscribe to', () => {
    expect(Object.keys(WEBHOOK_PAYLOAD_CLASSES).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const { shapes } of Object.values(WEBHOOK_PAYLOAD_CLASSES)) expect(shapes.length).toBeGreaterThan(0);
  });
});
