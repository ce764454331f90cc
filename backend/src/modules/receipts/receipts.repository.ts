import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { ListParams } from '../../common/http/list-query';
import type { OrganizationSettings } from '../organizations/organization.entity';
import type { PriceLine } from '../registration/enrollment.entity';
import type { Receipt, ReceiptDraft, ReceiptKind, ReceiptLine, ReceiptStudent } from './receipt.types';

/** What a receipt says about one paid enrollment, read in the paying transaction (its own writes included). */
export interface PaidEnrollment {
  id: string;
  organizationId: string;
  orgName: string;
  orgSettings: OrganizationSettings | null;
  studentId: string;
  studentName: string;
  payerId: string;
  payerName: string;
  payerEmail: string;
  classTitle: string;
  paymentMethod: 'card' | 'in-person';
  stripePaymentIntentId: string | null;
  stripeChargeId: string | null;
  amountDueCents: number | null;
  priceBreakdown: PriceLine[] | null;
  serviceStart: Date | null;
  serviceEnd: Date | null;
}

const COLUMNS = `r.id, r.organization_id AS "organizationId", r.kind, r.number, r.original_receipt_id AS "originalReceiptId",
  o.number AS "originalNumber", r.payer, r.students, r.enrollment_ids AS "enrollmentIds", r.lines, r.total_cents AS "totalCents",
  r.currency, r.payment_method AS "paymentMethod", r.stripe_payment_intent_id AS "stripePaymentIntentId",
  r.stripe_charge_id AS "stripeChargeId", r.stripe_refund_id AS "stripeRefundId", r.reason, r.issuer, r.issued_at AS "issuedAt", r.time_zone AS "timeZone"`;
const FROM = `receipts r LEFT JOIN receipts o ON o.id = r.original_receipt_id`;

export const RECEIPT_SORT_FIELDS = ['issuedAt', 'number', 'totalCents', 'kind'];
const SORT_SQL: Record<string, string> = {
  issuedAt: 'r.issued_at',
  number: 'r.kind, r.year, r.seq',
  totalCents: 'r.total_cents',
  kind: 'r.kind',
};

/**
 * What the admin's list narrows to: a student's (payer or student), a kind, the day issued (YYYY-MM-DD, inclusive,
 * in the time zone the receipt was numbered in) and a search of the number, the payer's name and email.
 */
export interface ReceiptFilter {
  studentId?: string;
  kind?: ReceiptKind;
  from?: string;
  to?: string;
  q?: string;
}

function filterSql(organizationId: string, f: ReceiptFilter): { where: string[]; args: unknown[] } {
  const where = [`r.organization_id = $1`];
  const args: unknown[] = [organizationId];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  if (f.studentId !== undefined) {
    const id = arg(f.studentId || null);
    where.push(`(r.student_ids @> ARRAY[${id}::uuid] OR r.payer_student_id = ${id}::uuid)`);
  }
  if (f.kind) where.push(`r.kind = ${arg(f.kind)}`);
  if (f.from) where.push(`(r.issued_at AT TIME ZONE r.time_zone)::date >= ${arg(f.from)}::date`);
  if (f.to) where.push(`(r.issued_at AT TIME ZONE r.time_zone)::date <= ${arg(f.to)}::date`);
  if (f.q) {
    // A literal search: the user's % and _ match themselves.
    const like = arg(`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(r.number ILIKE ${like} OR r.payer->>'name' ILIKE ${like} OR r.payer->>'email' ILIKE ${like})`);
  }
  return { where, args };
}

/**
 * `receipts` and `receipt_counters` (this module's tables). A read model besides: a receipt is written in the paying
 * transaction from the rows that transaction just wrote (the enrollment, its class, its student and payer, the
 * switch's top-up, the refund, the organization's legal details), read here with its EntityManager.
 */
@Injectable()
export class ReceiptsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async paidEnrollment(m: EntityManager, organizationId: string, enrollmentId: string): Promise<PaidEnrollment | null> {
    const [row] = await m.query(
      `SELECT e.id, e.organization_id AS "organizationId", org.name AS "orgName", org.settings AS "orgSettings",
              s.id AS "studentId", s.first_name || ' ' || s.last_name AS "studentName",
              coalesce(p.id, s.id) AS "payerId", coalesce(p.first_name || ' ' || p.last_name, s.first_name || ' ' || s.last_name) AS "payerName",
              coalesce(p.email, s.email) AS "payerEmail", c.title AS "classTitle", e.payment_method AS "paymentMethod",
              e.stripe_payment_intent_id AS "stripePaymentIntentId", e.stripe_charge_id AS "stripeChargeId",
              e.amount_due_cents AS "amountDueCents", e.price_breakdown AS "priceBreakdown",
              coalesce(served.first, class_session_start(c.start_date, c.schedule, 0)) AS "serviceStart",
              coalesce(served.last, class_session_start(c.start_date, c.schedule, greatest(c.days, 1) - 1)) AS "serviceEnd"
         FROM enrollments e
         JOIN organizations org ON org.id = e.organization_id
         JOIN students s ON s.id = e.student_id
         JOIN classes c ON c.id = e.class_id
         LEFT JOIN students p ON p.id = s.household_contact_id AND p.organization_id = e.organization_id
         -- What the payment is for, from the session records as they are now (moved or cancelled sessions counted so):
         -- a drop-in's own session, else the class's held sessions; the schedule when there are none.
         LEFT JOIN LATERAL (
           SELECT min(cs.starts_at) AS first, max(cs.starts_at) AS last FROM class_sessions cs
            WHERE cs.class_id = c.id AND cs.organization_id = e.organization_id
              AND (cs.id = e.class_session_id OR (e.class_session_id IS NULL AND cs.status = 'scheduled'))
         ) served ON true
        WHERE e.id = $1 AND e.organization_id = $2`,
      [enrollmentId, organizationId],
    );
    return row ?? null;
  }

  /** The switch's top-up completed in this transaction for this amount (completed_at is the transaction's now()), if any. */
  async topUpPaidNow(m: EntityManager, enrollmentId: string, amountCents: number) {
    const [row] = await m.query(
      `SELECT t.id, t.stripe_payment_intent_id AS "paymentIntentId", t.stripe_charge_id AS "chargeId"
         FROM enrollment_top_ups t
        WHERE t.enrollment_id = $1 AND t.status = 'completed' AND t.completed_at = now() AND t.amount_cents = $2
          AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.organization_id = t.organization_id AND r.top_up_id = t.id)
        ORDER BY t.id LIMIT 1`,
      [enrollmentId, amountCents],
    );
    return (row ?? null) as { id: string; paymentIntentId: string | null; chargeId: string | null } | null;
  }

  /** The refund row recorded in this transaction for this amount that no credit note tells of yet. */
  async refundRecordedNow(m: EntityManager, enrollmentId: string, amountCents: number) {
    const [row] = await m.query(
      `SELECT f.id, f.stripe_refund_id AS "stripeRefundId", f.payment_intent_id AS "paymentIntentId"
         FROM refunds f
        WHERE f.enrollment_id = $1 AND f.created_at = now() AND f.amount_cents = $2 AND f.status <> 'failed'
          AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.organization_id = f.organization_id AND r.refund_ids @> ARRAY[f.id])
        ORDER BY f.id LIMIT 1`,
      [enrollmentId, amountCents],
    );
    return (row ?? null) as { id: string; stripeRefundId: string | null; paymentIntentId: string | null } | null;
  }

  /** The receipt this transaction already issued for the same payment (or credit note for the same Stripe refund). */
  async issuedInThisTransaction(m: EntityManager, organizationId: string, kind: ReceiptKind, stripeId: string): Promise<string | null> {
    const column = kind === 'receipt' ? 'stripe_payment_intent_id' : 'stripe_refund_id';
    const [row] = await m.query(
      `SELECT id FROM receipts WHERE organization_id = $1 AND kind = $2 AND ${column} = $3 AND tx_id = pg_current_xact_id()`,
      [organizationId, kind, stripeId],
    );
    return row?.id ?? null;
  }

  /** The receipt of the payment a refund gives back: the one of its PaymentIntent, else the enrollment's latest. */
  async originalReceipt(
    m: EntityManager,
    organizationId: string,
    enrollmentId: string,
    paymentIntentId: string | null,
  ): Promise<string | null> {
    const [row] = await m.query(
      `SELECT id FROM receipts
        WHERE organization_id = $1 AND kind = 'receipt' AND enrollment_ids @> ARRAY[$2::uuid]
        ORDER BY (stripe_payment_intent_id IS NOT DISTINCT FROM $3) DESC, issued_at DESC, seq DESC LIMIT 1`,
      [organizationId, enrollmentId, paymentIntentId],
    );
    return row?.id ?? null;
  }

  /** The receipts and credit notes already issued for an enrollment (this transaction's included): what it has paid so far. */
  async issuedFor(m: EntityManager, organizationId: string, enrollmentId: string): Promise<Pick<Receipt, 'kind' | 'lines'>[]> {
    return m.query(`SELECT kind, lines FROM receipts WHERE organization_id = $1 AND enrollment_ids @> ARRAY[$2::uuid]`, [
      organizationId,
      enrollmentId,
    ]);
  }

  /** A receipt without its number: the receipts_number trigger gives it the next one when the transaction commits. */
  async insert(m: EntityManager, d: ReceiptDraft): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO receipts (organization_id, kind, time_zone, original_receipt_id, payer_student_id, payer, student_ids, students,
          enrollment_ids, lines, total_cents, currency, payment_method, stripe_payment_intent_id, stripe_charge_id, stripe_refund_id,
          refund_ids, top_up_id, reason, issuer)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::uuid[], $8::jsonb, $9::uuid[], $10::jsonb, $11, $12, $13, $14, $15, $16,
          $17::uuid[], $18, $19, $20::jsonb)
       RETURNING id`,
      [
        d.organizationId,
        d.kind,
        d.timeZone,
        d.originalReceiptId,
        d.payer.studentId,
        JSON.stringify(d.payer),
        d.students.map((s) => s.id),
        JSON.stringify(d.students),
        d.enrollmentIds,
        JSON.stringify(d.lines),
        d.totalCents,
        d.currency,
        d.paymentMethod,
        d.stripePaymentIntentId,
        d.stripeChargeId,
        d.stripeRefundId,
        d.refundIds,
        d.topUpId,
        d.reason,
        JSON.stringify(d.issuer),
      ],
    );
    return row.id;
  }

  /** Adds one more enrollment of the same payment (a household's) to a receipt issued in this transaction. */
  async add(
    m: EntityManager,
    id: string,
    a: { student: ReceiptStudent; enrollmentId: string; lines: ReceiptLine[]; cents: number; refundIds: string[] },
  ) {
    await returning(
      m,
      `UPDATE receipts SET
          students = CASE WHEN student_ids @> ARRAY[$2::uuid] THEN students ELSE students || $3::jsonb END,
          student_ids = CASE WHEN student_ids @> ARRAY[$2::uuid] THEN student_ids ELSE student_ids || $2::uuid END,
          enrollment_ids = enrollment_ids || $4::uuid, lines = lines || $5::jsonb, total_cents = total_cents + $6,
          refund_ids = refund_ids || $7::uuid[]
        WHERE id = $1 AND tx_id = pg_current_xact_id()`,
      [id, a.student.id, JSON.stringify([a.student]), a.enrollmentId, JSON.stringify(a.lines), a.cents, a.refundIds],
    );
  }

  async byId(organizationId: string, id: string): Promise<Receipt | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.organization_id = $1 AND r.id = $2`, [organizationId, id]);
    return row ?? null;
  }

  /** The receipt of a card payment (its PaymentIntent) that paid for this enrollment, if it was issued. */
  async ofPayment(organizationId: string, enrollmentId: string, paymentIntentId: string): Promise<Receipt | null> {
    const [row] = await this.db.query(
      `SELECT ${COLUMNS} FROM ${FROM}
        WHERE r.organization_id = $1 AND r.kind = 'receipt' AND r.stripe_payment_intent_id = $2 AND r.enrollment_ids @> ARRAY[$3::uuid]
        ORDER BY r.issued_at DESC LIMIT 1`,
      [organizationId, paymentIntentId, enrollmentId],
    );
    return row ?? null;
  }

  /** A page of the organization's receipts, narrowed to a student's (payer or student) and a kind when asked. */
  async list(organizationId: string, p: ListParams, f: ReceiptFilter): Promise<{ rows: Receipt[]; total: number }> {
    const { where, args } = filterSql(organizationId, f);
    const order = SORT_SQL[p.sortField]
      .split(', ')
      .map((c) => `${c} ${p.sortOrder}`)
      .join(', ');
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM receipts r WHERE ${where.join(' AND ')}`, args);
    const rows = await this.db.query(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where.join(' AND ')} ORDER BY ${order}, r.id ${p.sortOrder}
        LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
      [...args, p.limit, p.offset],
    );
    return { rows, total };
  }

  /** Every receipt the filter keeps, in the list's order (no paging): the admin's CSV. */
  async all(organizationId: string, f: ReceiptFilter, order: 'ASC' | 'DESC' = 'DESC'): Promise<Receipt[]> {
    const { where, args } = filterSql(organizationId, f);
    return this.db.query(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where.join(' AND ')} ORDER BY r.issued_at ${order}, r.kind, r.seq ${order}`,
      args,
    );
  }

  /** The receipts and credit notes issued in a year (in the organization's time zone), narrowed to a payer when asked. */
  async ofYear(organizationId: string, year: number, payerStudentId?: string): Promise<Receipt[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM ${FROM}
        WHERE r.organization_id = $1 AND r.year = $2 AND ($3::uuid IS NULL OR r.payer_student_id = $3::uuid)
        ORDER BY r.issued_at, r.kind DESC, r.seq`,
      [organizationId, year, payerStudentId ?? null],
    );
  }

  /** A student's own receipts (paid by them or for them), newest first: the portal's list. */
  async ofStudent(organizationId: string, studentId: string): Promise<Receipt[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM ${FROM}
        WHERE r.organization_id = $1 AND (r.student_ids @> ARRAY[$2::uuid] OR r.payer_student_id = $2)
        ORDER BY r.issued_at DESC, r.kind, r.seq DESC`,
      [organizationId, studentId],
    );
  }

  /**
   * Payments completed in the year (in the organization's zone) that no receipt names: made before receipts existed
   * (issue 43: the tax report shows them, marked). Their tax is what their price lines say.
   */
  async paidWithoutReceipt(organizationId: string, year: number, timeZone: string): Promise<PaidBeforeReceipts[]> {
    return this.db.query(
      `SELECT e.paid_at AS "paidAt", e.amount_paid_cents AS "paidCents", e.refunded_cents AS "refundedCents",
              CASE WHEN jsonb_typeof(e.price_breakdown) = 'array' THEN e.price_breakdown ELSE '[]'::jsonb END AS "lines"
         FROM enrollments e
        WHERE e.organization_id = $1 AND e.payment_status = 'completed' AND e.amount_paid_cents > 0
          AND e.paid_at >= make_timestamptz($2, 1, 1, 0, 0, 0, $3) AND e.paid_at < make_timestamptz($2 + 1, 1, 1, 0, 0, 0, $3)
          AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.organization_id = e.organization_id AND r.kind = 'receipt'
                             AND r.enrollment_ids @> ARRAY[e.id])
        ORDER BY e.paid_at, e.id`,
      [organizationId, year, timeZone],
    );
  }
}

/** A payment no receipt names, as the tax report reads it (price lines in dollars, as the enrollment keeps them). */
export interface PaidBeforeReceipts {
  paidAt: Date;
  paidCents: number;
  refundedCents: number;
  lines: { label: string; amount: number; tax?: { label: string; rate: number; included: boolean } }[];
}
