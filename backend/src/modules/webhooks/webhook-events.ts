import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ConfigCopies, organizationIdOf, type OrganizationRef } from '../../common/cache/config-copies';
import type { WebhookPayloads } from './webhook-payloads';
import { PaymentEventHooks, type PaymentSucceeded } from './payment-event.hooks';
import { WebhooksRepository } from './webhooks.repository';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'enrollment.created',
  'enrollment.cancelled',
  'payment.succeeded',
  'payment.refunded',
  'waitlist.offered',
  'class.cancelled',
  'student.updated',
  'payment_plan.instalment_paid',
  'payment_plan.instalment_failed',
  'payment_plan.past_due',
  'credit.granted',
  'credit.used',
  'membership.renewed',
  'membership.renewal_failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export type { PaymentSucceeded } from './payment-event.hooks';

/** Every event has a payload type and every payload type an event: the compiler refuses either list alone growing. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const EVENTS_HAVE_PAYLOADS: Same<WebhookEventType, keyof WebhookPayloads> = true;
void EVENTS_HAVE_PAYLOADS;

/**
 * What the owners of enrollments, payments, the waitlist, classes and students call when one of those events
 * happens, inside their own transaction: a delivery row per subscribed endpoint is written with it (the outbox), so
 * an event that rolls back is never announced and one that commits is delivered at least once. The module sits
 * in the platform layer, below every owner, so calling it makes no import circle.
 */
@Injectable()
export class WebhookEvents {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly paymentHooks: PaymentEventHooks,
  ) {}

  /**
   * Queues the event for the organization's active endpoints that want it; the event id is its dedupe key. `data` is
   * checked against the event's payload type (webhook-payloads.ts), which the event name picks.
   */
  async publish<E extends WebhookEventType>(
    manager: EntityManager,
    org: OrganizationRef,
    type: E,
    data: WebhookPayloads[E],
  ): Promise<void> {
    const organizationId = organizationIdOf(org);
    // Every recorded refund is announced here (payments has no other call for it): the in-process hooks hear it first.
    if (type === 'payment.refunded') await this.paymentHooks.refunded(manager, organizationId, data as WebhookPayloads['payment.refunded']);
    // Given the organization's row as this request read it (a registration), which events its active endpoints want
    // comes from a copy kept under its config_version (every endpoint write bumps it, a trigger): an organization with
    // no endpoint for this event then sends no insert. Elsewhere the insert itself picks the endpoints that want it.
    const wanted = await this.subscriptions.whenKnown(
      org,
      '',
      async () => new Set(await this.repo.subscribedEvents(manager, organizationId)),
    );
    if (wanted && !wanted.has(type)) return;
    const id = randomUUID();
    const payload = { id, type, createdAt: new Date().toISOString(), organizationId, data };
    await this.repo.queueEvent(manager, organizationId, id, type, payload);
  }

  /**
   * `payment.succeeded`, in the one shape every path sends (card, household card, a switch's difference, in person),
   * so a connected tool reads every payment the same way. The amount goes out in dollars, like every amount of the API.
   */
  async paymentSucceeded(manager: EntityManager, org: OrganizationRef, p: PaymentSucceeded): Promise<void> {
    await this.paymentHooks.succeeded(manager, organizationIdOf(org), p);
    return this.publish(manager, org, 'payment.succeeded', {
      enrollmentId: p.enrollmentId,
      studentId: p.studentId,
      studentName: p.studentName,
      classId: p.classId,
      className: p.className,
      amount: p.amountCents / 100,
      paymentMethod: p.paymentMethod,
    });
  }

  /** Per organization: the events its active endpoints want, kept under its config_version. */
  private readonly subscriptions = new ConfigCopies<Set<string>>(5000);
}
