import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { PlanInterval } from './plan-schedule';

/** A plan definition as stored: the deposit's value is cents or a whole percent, by kind. */
export interface PlanDefinitionRow {
  id: string;
  organizationId: string;
  classId: string | null;
  termId: string | null;
  name: string;
  depositKind: 'amount' | 'percent';
  depositValue: number;
  instalmentCount: number | null;
  dueDates: { date: string; percent: number | null }[] | null;
  interval: PlanInterval | null;
  firstDueDate: string | null;
  paidInFullBy: string | null;
  minPriceCents: number;
  surchargeCents: number;
  chooseBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type PlanDefinitionWrite = Omit<PlanDefinitionRow, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>;

export interface PlanSettingsRow {
  chargeHour: number;
  retryDays: number[];
  graceDays: number;
  reminderDays: number;
  pastDueAction: 'flag' | 'release';
  releaseAfterDays: number | null;
  bankDebit: boolean;
  consentText: string | null;
  consentVersion: number;
}

export type PlanSettingsWrite = Omit<PlanSettingsRow, 'consentVersion'>;

export interface PendingInstalment {
  dueAt: string;
  amountCents: number;
}

export interface PayerPlanRow {
  id: string;
  organizationId: string;
  enrollmentId: string;
  definitionId: string | null;
  planName: string;
  studentId: string;
  stripeCustomerId: string;
  stripePaymentMethodId: string | null;
  stripeIntentId: string | null;
  status: 'pending' | 'active' | 'completed' | 'cancelled';
  totalCents: number;
  depositCents: number;
  surchargeCents: number;
  pendingSchedule: PendingInstalment[];
  consentText: string;
  consentVersion: number;
  consentedAt: Date;
  consentIp: string | null;
  consentUserAgent: string | null;
  activatedAt: Date | null;
  /** An admin paused it: nothing is charged until resumed (issue 40 §4). */
  paused: boolean;
  /** Unpaid past the grace days since then (issue 40 §2), or null. */
  pastDueSince: Date | null;
}

export type PayerPlanWrite = Omit<
  PayerPlanRow,
  'id' | 'stripePaymentMethodId' | 'stripeIntentId' | 'status' | 'activatedAt' | 'paused' | 'pastDueSince'
>;

export interface InstalmentRow {
  id: string;
  seq: number;
  dueAt: Date;
  amountCents: number;
  status: string;
  attempts: number;
  lastOutcome: string | null;
  declineCode: string | null;
  paidVia: string | null;
}

export const DEFAULT_SETTINGS: PlanSettingsRow = {
  chargeHour: 9,
  retryDays: [1, 3, 5],
  graceDays: 7,
  reminderDays: 3,
  pastDueAction: 'flag',
  releaseAfterDays: null,
  bankDebit: false,
  consentText: null,
  consentVersion: 1,
};

const DEFINITION = `id, organization_id AS "organizationId", class_id AS "classId", term_id AS "termId", name,
  deposit_kind AS "depositKind", deposit_value AS "depositValue", instalment_count AS "instalmentCount", due_dates AS "dueDates",
  plan_interval AS "interval", to_char(first_due_date, 'YYYY-MM-DD') AS "firstDueDate",
  to_char(paid_in_full_by, 'YYYY-MM-DD') AS "paidInFullBy", min_price_cents AS "minPriceCents", surcharge_cents AS "surchargeCents",
  to_char(choose_by, 'YYYY-MM-DD') AS "chooseBy", created_at AS "createdAt", updated_at AS "updatedAt"`;

const SETTINGS = `charge_hour AS "chargeHour", retry_days AS "retryDays", grace_days AS "graceDays", reminder_days AS "reminderDays", past_due_action AS "pastDueAction",
  release_after_days AS "releaseAfterDays", bank_debit AS "bankDebit", consent_text AS "consentText", consent_version AS "consentVersion"`;

const PAYER_PLAN = `id, organization_id AS "organizationId", enrollment_id AS "enrollmentId", definition_id AS "definitionId",
  plan_name AS "planName", student_id AS "studentId", stripe_customer_id AS "stripeCustomerId",
  stripe_payment_method_id AS "stripePaymentMethodId", stripe_intent_id AS "stripeIntentId", status, total_cents AS "totalCents",
  deposit_cents AS "depositCents", surcharge_cents AS "surchargeCents", pending_schedule AS "pendingSchedule",
  consent_text AS "consentText", consent_version AS "consentVersion", consented_at AS "consentedAt", consent_ip AS "consentIp",
  consent_user_agent AS "consentUserAgent", activated_at AS "activatedAt", paused_at IS NOT NULL AS paused,
  past_due_since AS "pastDueSince"`;

const definitionParams = (w: PlanDefinitionWrite) => [
  w.classId,
  w.termId,
  w.name,
  w.depositKind,
  w.depositValue,
  w.instalmentCount,
  w.dueDates === null ? null : JSON.stringify(w.dueDates),
  w.interval,
  w.firstDueDate,
  w.paidInFullBy,
  w.minPriceCents,
  w.surchargeCents,
  w.chooseBy,
];

/** The payment-plans module's tables: definitions, settings, payer Customers, payer plans and their instalments. */
@Injectable()
export class PaymentPlansRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // --- definitions ---

  listDefinitions(organizationId: string): Promise<PlanDefinitionRow[]> {
    return this.db.query(`SELECT ${DEFINITION} FROM payment_plan_definitions WHERE organization_id = $1 ORDER BY created_at, id`, [
      organizationId,
    ]);
  }

  async definition(organizationId: string, id: string): Promise<PlanDefinitionRow | null> {
    const rows = await this.db.query(`SELECT ${DEFINITION} FROM payment_plan_definitions WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      id,
    ]);
    return rows[0] ?? null;
  }

  /** The plans a class offers: its own when it has any, else its term's (a class's own setting wins). */
  async forClass(organizationId: string, classId: string, termId: string | null): Promise<PlanDefinitionRow[]> {
    return this.db.query(
      `SELECT ${DEFINITION} FROM payment_plan_definitions d
        WHERE organization_id = $1 AND (class_id = $2 OR (term_id = $3 AND NOT EXISTS (
          SELECT 1 FROM payment_plan_definitions o WHERE o.organization_id = $1 AND o.class_id = $2)))
        ORDER BY created_at, id`,
      [organizationId, classId, termId],
    );
  }

  async createDefinition(organizationId: string, w: PlanDefinitionWrite): Promise<PlanDefinitionRow> {
    const rows = await returning<PlanDefinitionRow>(
      this.db,
      `INSERT INTO payment_plan_definitions (organization_id, class_id, term_id, name, deposit_kind, deposit_value, instalment_count,
          due_dates, plan_interval, first_due_date, paid_in_full_by, min_price_cents, surcharge_cents, choose_by)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14) RETURNING ${DEFINITION}`,
      [organizationId, ...definitionParams(w)],
    );
    return rows[0];
  }

  async updateDefinition(organizationId: string, id: string, w: PlanDefinitionWrite): Promise<PlanDefinitionRow | null> {
    const rows = await returning<PlanDefinitionRow>(
      this.db,
      `UPDATE payment_plan_definitions SET class_id = $3, term_id = $4, name = $5, deposit_kind = $6, deposit_value = $7,
          instalment_count = $8, due_dates = $9::jsonb, plan_interval = $10, first_due_date = $11, paid_in_full_by = $12,
          min_price_cents = $13, surcharge_cents = $14, choose_by = $15, updated_at = now()
        WHERE organization_id = $1 AND id = $2 RETURNING ${DEFINITION}`,
      [organizationId, id, ...definitionParams(w)],
    );
    return rows[0] ?? null;
  }

  async deleteDefinition(organizationId: string, id: string): Promise<boolean> {
    const rows = await returning(this.db, `DELETE FROM payment_plan_definitions WHERE organization_id = $1 AND id = $2 RETURNING id`, [
      organizationId,
      id,
    ]);
    return rows.length > 0;
  }

  // --- settings ---

  async settings(organizationId: string): Promise<PlanSettingsRow> {
    const rows = await this.db.query(`SELECT ${SETTINGS} FROM payment_plan_settings WHERE organization_id = $1`, [organizationId]);
    return rows[0] ?? DEFAULT_SETTINGS;
  }

  /** Writes the settings; a changed consent text gets the next version (a plan keeps the version its payer accepted). */
  async saveSettings(organizationId: string, w: PlanSettingsWrite): Promise<PlanSettingsRow> {
    const rows = await returning<PlanSettingsRow>(
      this.db,
      `INSERT INTO payment_plan_settings AS s (organization_id, charge_hour, retry_days, grace_days, past_due_action, release_after_days,
          bank_debit, consent_text, reminder_days)
        VALUES ($1, $2, $3::int[], $4, $5, $6, $7, $8, $9)
        ON CONFLICT (organization_id) DO UPDATE SET charge_hour = EXCLUDED.charge_hour, retry_days = EXCLUDED.retry_days,
          grace_days = EXCLUDED.grace_days, past_due_action = EXCLUDED.past_due_action, release_after_days = EXCLUDED.release_after_days,
          bank_debit = EXCLUDED.bank_debit, consent_text = EXCLUDED.consent_text, reminder_days = EXCLUDED.reminder_days,
          consent_version = s.consent_version + CASE WHEN s.consent_text IS DISTINCT FROM EXCLUDED.consent_text THEN 1 ELSE 0 END,
          updated_at = now()
        RETURNING ${SETTINGS}`,
      [
        organizationId,
        w.chargeHour,
        w.retryDays,
        w.graceDays,
        w.pastDueAction,
        w.releaseAfterDays,
        w.bankDebit,
        w.consentText,
        w.reminderDays,
      ],
    );
    return rows[0];
  }

  // --- payer Customers ---

  async customerOf(organizationId: string, studentId: string): Promise<string | null> {
    const rows = await this.db.query(
      `SELECT stripe_customer_id AS id FROM payment_plan_customers WHERE organization_id = $1 AND student_id = $2`,
      [organizationId, studentId],
    );
    return rows[0]?.id ?? null;
  }

  /** Keeps the first Customer stored for this payer (two requests at once both asked Stripe with one idempotency key). */
  async saveCustomer(organizationId: string, studentId: string, customerId: string): Promise<string> {
    await this.db.query(
      `INSERT INTO payment_plan_customers (organization_id, student_id, stripe_customer_id) VALUES ($1, $2, $3)
        ON CONFLICT DO NOTHING`,
      [organizationId, studentId, customerId],
    );
    return (await this.customerOf(organizationId, studentId))!;
  }

  // --- payer plans ---

  async payerPlanOfEnrollment(enrollmentId: string, m?: EntityManager, lock = false): Promise<PayerPlanRow | null> {
    const rows = await (m ?? this.db).query(`SELECT ${PAYER_PLAN} FROM payer_plans WHERE enrollment_id = $1${lock ? ' FOR UPDATE' : ''}`, [
      enrollmentId,
    ]);
    return rows[0] ?? null;
  }

  async payerPlanOfIntent(intentId: string, m: EntityManager): Promise<PayerPlanRow | null> {
    const rows = await m.query(`SELECT ${PAYER_PLAN} FROM payer_plans WHERE stripe_intent_id = $1 FOR UPDATE`, [intentId]);
    return rows[0] ?? null;
  }

  /**
   * The plan a registration chose, written when its seat is held. A second request for the same held enrollment (a
   * retry, a second tab) replaces the pending plan's terms; an active plan is never rewritten.
   */
  async savePending(w: PayerPlanWrite): Promise<PayerPlanRow> {
    const rows = await returning<PayerPlanRow>(
      this.db,
      `INSERT INTO payer_plans (organization_id, enrollment_id, definition_id, plan_name, student_id, stripe_customer_id, total_cents,
          deposit_cents, surcharge_cents, pending_schedule, consent_text, consent_version, consented_at, consent_ip, consent_user_agent)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15)
        ON CONFLICT (enrollment_id) DO UPDATE SET definition_id = EXCLUDED.definition_id, plan_name = EXCLUDED.plan_name,
          total_cents = EXCLUDED.total_cents, deposit_cents = EXCLUDED.deposit_cents, surcharge_cents = EXCLUDED.surcharge_cents,
          pending_schedule = EXCLUDED.pending_schedule, consent_text = EXCLUDED.consent_text,
          consent_version = EXCLUDED.consent_version, consented_at = EXCLUDED.consented_at, consent_ip = EXCLUDED.consent_ip,
          consent_user_agent = EXCLUDED.consent_user_agent
          WHERE payer_plans.status = 'pending' AND payer_plans.organization_id = EXCLUDED.organization_id
        RETURNING ${PAYER_PLAN}`,
      [
        w.organizationId,
        w.enrollmentId,
        w.definitionId,
        w.planName,
        w.studentId,
        w.stripeCustomerId,
        w.totalCents,
        w.depositCents,
        w.surchargeCents,
        JSON.stringify(w.pendingSchedule),
        w.consentText,
        w.consentVersion,
        w.consentedAt,
        w.consentIp,
        w.consentUserAgent,
      ],
    );
    return rows[0] ?? (await this.payerPlanOfEnrollment(w.enrollmentId))!;
  }

  async setIntent(id: string, intentId: string): Promise<void> {
    await this.db.query(`UPDATE payer_plans SET stripe_intent_id = $2 WHERE id = $1 AND status = 'pending'`, [id, intentId]);
  }

  /** pending -> active with the saved method, and its instalments written, in the caller's transaction; false when not pending. */
  async activate(m: EntityManager, plan: PayerPlanRow, paymentMethodId: string | null): Promise<boolean> {
    const rows = await returning(
      m,
      `UPDATE payer_plans SET status = 'active', stripe_payment_method_id = $2, activated_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [plan.id, paymentMethodId],
    );
    if (!rows.length) return false;
    const schedule = plan.pendingSchedule;
    await m.query(
      `INSERT INTO payment_plan_instalments (organization_id, payer_plan_id, seq, due_at, amount_cents)
        SELECT $1, $2, s.seq, s.due_at, s.amount_cents
          FROM unnest($3::int[], $4::timestamptz[], $5::int[]) AS s(seq, due_at, amount_cents)`,
      [plan.organizationId, plan.id, schedule.map((_, i) => i + 1), schedule.map((s) => s.dueAt), schedule.map((s) => s.amountCents)],
    );
    return true;
  }

  /** A plan whose deposit or setup can no longer keep a seat (a lapsed hold refunded): cancelled, nothing scheduled. */
  async cancelPending(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE payer_plans SET status = 'cancelled' WHERE id = $1 AND status = 'pending'`, [id]);
  }

  instalments(organizationId: string, payerPlanId: string): Promise<InstalmentRow[]> {
    return this.db.query(
      `SELECT id, seq, due_at AS "dueAt", amount_cents AS "amountCents", status, attempts, last_outcome AS "lastOutcome",
              last_decline_code AS "declineCode", paid_via AS "paidVia" FROM payment_plan_instalments
        WHERE organization_id = $1 AND payer_plan_id = $2 ORDER BY seq`,
      [organizationId, payerPlanId],
    );
  }
}
