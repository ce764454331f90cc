import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { CreditSale, SaleChannel } from './credit-product.types';

const COLUMNS = `id, organization_id AS "organizationId", product_id AS "productId", student_id AS "studentId",
  buyer_email AS "buyerEmail", buyer, channel, status, amount_cents AS "amountCents", platform_fee_cents AS "platformFeeCents",
  intro, stripe_payment_intent_id AS "stripePaymentIntentId", stripe_charge_id AS "stripeChargeId", stripe_customer_id AS "stripeCustomerId",
  entitlement_id AS "entitlementId", marked_by_user_id AS "markedByUserId", paid_at AS "paidAt", created_at AS "createdAt"`;

export interface NewSale {
  organizationId: string;
  productId: string;
  studentId: string | null;
  buyerEmail: string;
  buyer: CreditSale['buyer'];
  channel: SaleChannel;
  amountCents: number;
  intro: boolean;
}

/**
 * credit_sales: one sale of a product, pending until paid (in person: marked; by card: Stripe's signed event). Reads
 * organizations (the zone of "today", where a pack's validity starts).
 */
@Injectable()
export class CreditSalesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Today's date (YYYY-MM-DD) in the organization's zone, and the day `days` later. */
  async today(m: EntityManager, organizationId: string, days = 0): Promise<{ today: string; later: string }> {
    const rows: { today: string; later: string }[] = await m.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS today, to_char(d + $3::int, 'YYYY-MM-DD') AS later
         FROM (SELECT (now() AT TIME ZONE coalesce(nullif(o.settings->>'timeZone', ''), $2))::date AS d
                 FROM organizations o WHERE o.id = $1) x`,
      [organizationId, SERVER_TIME_ZONE, days],
    );
    return rows[0];
  }

  /**
   * The new pending sale, or null when the buyer already has an open or paid sale of this intro offer (the partial
   * unique index decides a race: the second insert does nothing).
   */
  async insert(m: EntityManager, s: NewSale): Promise<CreditSale | null> {
    const rows: CreditSale[] = await m.query(
      `INSERT INTO credit_sales (organization_id, product_id, student_id, buyer_email, buyer, channel, amount_cents, intro)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
       ON CONFLICT (organization_id, product_id, buyer_email) WHERE intro AND status <> 'cancelled' DO NOTHING
       RETURNING ${COLUMNS}`,
      [s.organizationId, s.productId, s.studentId, s.buyerEmail.toLowerCase(), JSON.stringify(s.buyer), s.channel, s.amountCents, s.intro],
    );
    return rows[0] ?? null;
  }

  /** The open or paid sale of an intro offer to this email (what blocks a second one). */
  async introSale(m: EntityManager, organizationId: string, productId: string, email: string): Promise<CreditSale | null> {
    const rows: CreditSale[] = await m.query(
      `SELECT ${COLUMNS} FROM credit_sales
        WHERE organization_id = $1 AND product_id = $2 AND buyer_email = $3 AND intro AND status <> 'cancelled'`,
      [organizationId, productId, email.toLowerCase()],
    );
    return rows[0] ?? null;
  }

  /** The sale, locked for the caller's transaction when `lock`. */
  async find(m: EntityManager, organizationId: string, id: string, lock = false): Promise<CreditSale | null> {
    const rows: CreditSale[] = await m.query(
      `SELECT ${COLUMNS} FROM credit_sales WHERE organization_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [organizationId, id],
    );
    return rows[0] ?? null;
  }

  /** The card sale a PaymentIntent pays, locked. */
  async byIntent(m: EntityManager, paymentIntentId: string): Promise<CreditSale | null> {
    const rows: CreditSale[] = await m.query(`SELECT ${COLUMNS} FROM credit_sales WHERE stripe_payment_intent_id = $1 FOR UPDATE`, [
      paymentIntentId,
    ]);
    return rows[0] ?? null;
  }

  async list(organizationId: string, studentId?: string): Promise<CreditSale[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM credit_sales WHERE organization_id = $1 AND ($2::uuid IS NULL OR student_id = $2)
        ORDER BY created_at DESC, id LIMIT 500`,
      [organizationId, studentId ?? null],
    );
  }

  /** The PaymentIntent opened for a card sale (written once: a second tab asking again gets the same intent). */
  async setIntent(m: EntityManager, organizationId: string, id: string, paymentIntentId: string): Promise<void> {
    await m.query(
      `UPDATE credit_sales SET stripe_payment_intent_id = $3, updated_at = now()
        WHERE organization_id = $1 AND id = $2 AND stripe_payment_intent_id IS NULL`,
      [organizationId, id, paymentIntentId],
    );
  }

  /** The Stripe Customer a card membership's checkout opened (kept once: a second tab gets the same one). */
  async setCustomer(m: EntityManager, organizationId: string, id: string, customerId: string): Promise<void> {
    await m.query(
      `UPDATE credit_sales SET stripe_customer_id = $3, updated_at = now()
        WHERE organization_id = $1 AND id = $2 AND stripe_customer_id IS NULL`,
      [organizationId, id, customerId],
    );
  }

  /** Pending -> paid with the entitlement it granted; null when it was not pending (paid or cancelled meanwhile). */
  async markPaid(
    m: EntityManager,
    organizationId: string,
    id: string,
    p: { studentId: string; entitlementId: string; markedByUserId: string | null; chargeId?: string | null; platformFeeCents?: number },
  ): Promise<CreditSale | null> {
    const rows = await returning<CreditSale>(
      m,
      `UPDATE credit_sales SET status = 'paid', paid_at = now(), student_id = $3, entitlement_id = $4, marked_by_user_id = $5,
              stripe_charge_id = coalesce($6, stripe_charge_id), platform_fee_cents = $7, updated_at = now()
        WHERE organization_id = $1 AND id = $2 AND status = 'pending' RETURNING ${COLUMNS}`,
      [organizationId, id, p.studentId, p.entitlementId, p.markedByUserId, p.chargeId ?? null, p.platformFeeCents ?? 0],
    );
    return rows[0] ?? null;
  }

  /** Pending -> cancelled (an intro offer is then free again); false when it was not pending. */
  async cancel(m: EntityManager, organizationId: string, id: string): Promise<boolean> {
    const rows = await returning(
      m,
      `UPDATE credit_sales SET status = 'cancelled', updated_at = now() WHERE organization_id = $1 AND id = $2 AND status = 'pending' RETURNING id`,
      [organizationId, id],
    );
    return rows.length > 0;
  }
}
