import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { PaymentMethod, WebhookPayloads } from './webhook-payloads';
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
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** One payment that completed, whichever way it was taken: what every path hands to `paymentSucceeded`. */
export interface PaymentSucceeded {
  enrollmentId: string;
  studentId: string;
  studentName: string;
  /** The class paid for (after a switch to a dearer class: the new one). */
  classId: string;
  className: string;
  /** This payment only: a switch's difference, or the balance taken in person, not the registration's total. */
  amountCents: number;
  paymentMethod: PaymentMethod;
}

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
  constructor(private readonly repo: WebhooksRepository) {}

  /**
   * Queues the event for the organization's active endpoints that want it; the event id is its dedupe key. `data` is
   * checked against the event's payload type (webhook-payloads.ts), which the event name picks.
   */
  async publish<E extends WebhookEventType>(
    manager: EntityManager,
    organizationId: string,
    type: E,
    data: WebhookPayloads[E],
    /**
     * The organization's config_version as the caller read it from its row in this request: then which events its
     * active endpoints want comes from an in-process copy read under that number (every endpoint write bumps it in
     * its own transaction, a database trigger), and an organization with no endpoint for this event writes nothing.
     */
    configVersion?: string,
  ): Promise<void> {
    if (configVersion && !(await this.subscribedTo(manager, organizationId, configVersion)).has(type)) return;
    const id = randomUUID();
    const payload = { id, type, createdAt: new Date().toISOString(), organizationId, data };
    await this.repo.queueEvent(manager, organizationId, id, type, payload);
  }

  /**
   * `payment.succeeded`, in the one shape every path sends (card, household card, a switch's difference, in person),
   * so a connected tool reads every payment the same way. The amount goes out in dollars, like every amount of the API.
   */
  paymentSucceeded(manager: EntityManager, organizationId: string, p: PaymentSucceeded, configVersion?: string): Promise<void> {
    return this.publish(
      manager,
      organizationId,
      'payment.succeeded',
      {
        enrollmentId: p.enrollmentId,
        studentId: p.studentId,
        studentName: p.studentName,
        classId: p.classId,
        className: p.className,
        amount: p.amountCents / 100,
        paymentMethod: p.paymentMethod,
      },
      configVersion,
    );
  }

  private async subscribedTo(manager: EntityManager, organizationId: string, version: string): Promise<Set<string>> {
    const hit = this.subscriptions.get(organizationId);
    if (hit?.version === version) return hit.events;
    const events = new Set(await this.repo.subscribedEvents(manager, organizationId));
    if (this.subscriptions.size >= 5000) this.subscriptions.clear();
    this.subscriptions.set(organizationId, { version, events });
    return events;
  }
  private readonly subscriptions = new Map<string, { version: string; events: Set<string> }>();
}
