import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { formatDollars } from '../payments/money';
import { StudentsService } from '../students/students.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { CreditProduct } from './credit-product.types';
import type { Membership } from './memberships.repository';

/** Why a renewal attempt did not pay. */
export type RenewalFailure = 'authentication_required' | 'soft_decline' | 'hard_decline';

const reason = (code: string | null) => (code ? ` (${code.replace(/_/g, ' ')})` : '');
const day = (d: Date) => new Date(d).toISOString().slice(0, 10);

/**
 * What a renewal's outcome sets off beyond the membership's row, in the transaction that records it (issue 41 §2, §4):
 * paid -> the member's receipt email, the activity, `membership.renewed`; failed -> the member's email with the
 * portal link (to pay on-session or use another card), `membership.renewal_failed`; lapsed -> the member and the
 * organization's admins told. Every message has a dedupe key made of the membership, its period and the attempt, so a
 * second record of the same outcome queues nothing.
 */
@Injectable()
export class MembershipAnnouncements {
  private readonly publicUrl: string;

  constructor(
    private readonly communications: CommunicationsService,
    private readonly webhooks: WebhookEvents,
    private readonly activity: ActivityService,
    private readonly students: StudentsService,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /** The member's portal (no account: the portal signs in by email), opened on this membership. */
  portalLink(ms: Membership, email: string): string {
    return `${this.publicUrl}/my?organizationId=${ms.organizationId}&email=${encodeURIComponent(email)}&membership=${ms.id}`;
  }

  async renewed(
    m: EntityManager,
    ms: Membership,
    product: CreditProduct,
    paid: { via: 'card' | 'in-person'; amountCents: number; paymentIntentId: string | null },
  ): Promise<void> {
    const s = await this.member(m, ms);
    const amount = formatDollars(paid.amountCents);
    const period = `${ms.currentPeriodStart} to ${ms.currentPeriodEnd}`;
    if (s)
      await this.communications.queueSystemEmail(m, {
        organizationId: ms.organizationId,
        studentId: ms.studentId,
        recipient: s,
        subject: `Receipt: ${product.name} renewed`,
        message:
          `Hello ${s.firstName},\n\nYour membership ${product.name} is renewed for ${period}. ` +
          `We received ${amount} ${paid.via === 'card' ? 'by card' : 'in person'}` +
          (paid.paymentIntentId ? ` (reference ${paid.paymentIntentId}).` : '.') +
          ` Your membership: {{link}}`,
        link: { url: this.portalLink(ms, s.email), label: 'Your membership' },
        dedupeKey: `membership:${ms.id}:${ms.currentPeriodStart}:renewed:email`,
      });
    await this.activity.record(
      ms.organizationId,
      'payment_received',
      `${s ? `${s.firstName} ${s.lastName}` : 'A member'} renewed ${product.name} (${amount}) ${paid.via === 'card' ? 'by card' : 'in person'} for ${period}`,
      {
        amount: paid.amountCents / 100,
        paymentMethod: paid.via,
        studentId: ms.studentId,
        membershipId: ms.id,
        ...(paid.paymentIntentId ? { paymentIntentId: paid.paymentIntentId } : {}),
      },
      m,
    );
    await this.webhooks.publish(m, ms.organizationId, 'membership.renewed', {
      ...facts(ms, product, paid.amountCents),
      paidVia: paid.via,
      periodStart: ms.currentPeriodStart,
      periodEnd: ms.currentPeriodEnd,
    });
  }

  async failed(
    m: EntityManager,
    ms: Membership,
    product: CreditProduct,
    amountCents: number,
    why: RenewalFailure,
    declineCode: string | null,
    attempt: string,
  ): Promise<void> {
    const s = await this.member(m, ms);
    const lapsed = ms.status === 'lapsed';
    const willRetry = !lapsed && why === 'soft_decline' && ms.renewalNextAttemptAt !== null;
    const what = `the renewal of ${product.name} (${formatDollars(amountCents)})`;
    const key = `membership:${ms.id}:${ms.currentPeriodEnd}:${attempt}:${why}`;
    if (s) {
      const text = lapsed
        ? `We could not charge ${what}${reason(declineCode)}, and this was our last try: your membership has ended. To join again: {{link}}`
        : why === 'authentication_required'
          ? `Your bank asks you to confirm ${what}. Please pay it here: {{link}}`
          : why === 'soft_decline'
            ? `We could not charge ${what}${reason(declineCode)}.` +
              (willRetry && ms.renewalNextAttemptAt ? ` We will try again on ${day(ms.renewalNextAttemptAt)}.` : '') +
              ` To pay it now or use another payment method: {{link}}`
            : `Your payment method was declined for ${what}${reason(declineCode)}. We will not try it again: please pay here: {{link}}`;
      await this.communications.queueSystemEmail(m, {
        organizationId: ms.organizationId,
        studentId: ms.studentId,
        recipient: s,
        subject: lapsed ? `Membership ended: ${product.name}` : `Membership renewal not paid: ${product.name}`,
        message: `Hello ${s.firstName},\n\n${text}\n\nUntil it is paid, classes of the new period cannot be booked with this membership; bookings already made stay.`,
        link: { url: this.portalLink(ms, s.email), label: 'Your membership' },
        dedupeKey: `${key}:email`,
      });
    }
    if (lapsed)
      await this.tellOrganization(m, ms, product, `its last renewal attempt failed: ${why.replace(/_/g, ' ')}${reason(declineCode)}`);
    await this.webhooks.publish(m, ms.organizationId, 'membership.renewal_failed', {
      ...facts(ms, product, amountCents),
      outcome: why,
      declineCode,
      willRetry,
      status: lapsed ? 'lapsed' : 'pending_renewal',
    });
  }

  /** A renewal the payer was asked to pay on-session and did not, in time: the organization is told. */
  async lapsed(m: EntityManager, ms: Membership, product: CreditProduct): Promise<void> {
    if (ms.status !== 'lapsed') return;
    await this.tellOrganization(m, ms, product, 'its renewal was not paid in time');
  }

  private async tellOrganization(m: EntityManager, ms: Membership, product: CreditProduct, why: string): Promise<void> {
    const s = await this.member(m, ms);
    const who = s ? `${s.firstName} ${s.lastName}` : 'A member';
    await this.communications.queueAdminEmail(m, ms.organizationId, {
      subject: `Membership lapsed: ${who}, ${product.name}`,
      message: `${who}'s membership ${product.name} lapsed: ${why}. No uses of a new period were given.`,
      dedupeKey: `membership:${ms.id}:${ms.currentPeriodEnd}:lapsed:admin`,
    });
  }

  private async member(m: EntityManager, ms: Membership) {
    const s = await this.students.findInOrganization(ms.studentId, ms.organizationId, m);
    return s ? { firstName: s.firstName, lastName: s.lastName, email: s.email, phone: s.phone } : null;
  }
}

function facts(ms: Membership, product: CreditProduct, amountCents: number) {
  return { membershipId: ms.id, studentId: ms.studentId, productId: product.id, productName: product.name, amount: amountCents / 100 };
}
