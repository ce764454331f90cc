import { StripeClient } from '../../src/modules/stripe/stripe.client';
import { addStudent, insertEnrollment } from '../fixtures/populated-org.fixture';
import type { TestApp } from '../setup/test-app';
import { cardClass, type cardOrg, type CardWorld } from './card-payments.helpers';

type Org = Awaited<ReturnType<typeof cardOrg>>;

/** An active plan as the registration leaves it, built directly (the registration's own flow is tested elsewhere). */
export interface TestPlan {
  planId: string;
  enrollmentId: string;
  studentId: string;
  classId: string;
  instalments: string[];
}

let names = 0;

/**
 * A paid $10 deposit on a card enrollment, its plan active with `method` saved to a Customer of this organization, and
 * instalments as given (due `daysAgo` days ago: negative is the future).
 */
export async function activePlan(
  w: CardWorld,
  org: Org,
  method: string,
  instalments: { cents: number; daysAgo: number }[],
  opts: { classId?: string; t?: TestApp; account?: string } = {},
): Promise<TestPlan> {
  const t = opts.t ?? w.a;
  const classId = opts.classId ?? (await cardClass(t, org, { maxStudents: 50, title: 'Swim lessons' })).id;
  const studentId = await addStudent(t, org, `Pat${String.fromCharCode(65 + (names++ % 26))}`);
  const total = 1000 + instalments.reduce((n, i) => n + i.cents, 0);
  const enrollmentId = await insertEnrollment(t, org, classId, studentId, {
    payment_method: 'card',
    payment_status: 'completed',
    amount_paid_cents: 1000,
    platform_fee_cents: 30,
    organization_amount_cents: 970,
  });
  await t.db.query(`UPDATE enrollments SET amount_due_cents = $2 WHERE id = $1`, [enrollmentId, total]);
  const [s] = await t.db.query(`SELECT email, first_name || ' ' || last_name AS name FROM students WHERE id = $1`, [studentId]);
  const customer = (
    await t.app.get(StripeClient).api.customers.create({ email: s.email, name: s.name, metadata: { organizationId: org.orgId } })
  ).id;
  if (opts.account) {
    // The deposit as Stripe took it (what a refund goes back to last).
    const deposit = await t.app.get(StripeClient).api.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer,
      payment_method: method,
      off_session: true,
      confirm: true,
      application_fee_amount: 30,
      transfer_data: { destination: opts.account },
      metadata: { organizationId: org.orgId, enrollmentId },
    });
    await t.db.query(`UPDATE enrollments SET stripe_payment_intent_id = $2 WHERE id = $1`, [enrollmentId, deposit.id]);
  }
  const [p] = await t.db.query(
    `INSERT INTO payer_plans (organization_id, enrollment_id, plan_name, student_id, stripe_customer_id, stripe_payment_method_id, status,
                              total_cents, deposit_cents, consent_text, consent_version, consented_at, activated_at)
     VALUES ($1, $2, 'Monthly', $3, $4, $5, 'active', $6, 1000, 'Charge me.', 1, now(), now()) RETURNING id`,
    [org.orgId, enrollmentId, studentId, customer, method, total],
  );
  const ids: string[] = [];
  for (const [i, x] of instalments.entries()) {
    const [row] = await t.db.query(
      `INSERT INTO payment_plan_instalments (organization_id, payer_plan_id, seq, due_at, amount_cents)
       VALUES ($1, $2, $3, now() - $4 * interval '1 day', $5) RETURNING id`,
      [org.orgId, p.id, i + 1, x.daysAgo, x.cents],
    );
    ids.push(row.id);
  }
  return { planId: p.id, enrollmentId, studentId, classId, instalments: ids };
}

export async function instalmentRow(t: TestApp, id: string) {
  const [row] = await t.db.query(
    `SELECT status, attempts, last_outcome AS "lastOutcome", last_decline_code AS "declineCode", paid_via AS "paidVia", due_at AS "dueAt",
            stripe_payment_intent_id AS "paymentIntentId", next_attempt_at AS "nextAttemptAt"
       FROM payment_plan_instalments WHERE id = $1`,
    [id],
  );
  return row;
}

/** The messages queued about a student, oldest first. */
export async function messagesTo(t: TestApp, studentId: string) {
  return t.db.query(
    `SELECT channel, kind, subject, message, dedupe_key AS "dedupeKey" FROM communications
      WHERE recipient_type = 'student' AND recipient_id = $1 ORDER BY created_at, id`,
    [studentId],
  );
}

/** The admins' emails whose dedupe key starts with `prefix`. */
export async function adminMessages(t: TestApp, prefix: string) {
  return t.db.query(
    `SELECT subject, message, dedupe_key AS "dedupeKey" FROM communications WHERE recipient_type = 'user' AND dedupe_key LIKE $1 || '%'`,
    [prefix],
  );
}

/** The outbound webhook payloads of `type` about an enrollment. */
export async function announced(
  t: TestApp,
  enrollmentId: string,
  type: string,
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return (
    await t.db.query(
      `SELECT payload FROM webhook_deliveries WHERE event_type = $2 AND payload->'data'->>'enrollmentId' = $1 ORDER BY created_at, id`,
      [enrollmentId, type],
    )
  ).map((r: { payload: { type: string; data: Record<string, unknown> } }) => r.payload);
}
