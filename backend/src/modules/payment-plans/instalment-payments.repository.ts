import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';

export interface ReservedInstalment {
  id: string;
  seq: number;
  amountCents: number;
}

/** Instalments a payer may pay now: not paid, waived or cancelled, and not in the hands of the charging job. */
const OPEN = `status IN ('scheduled', 'failed')`;

/**
 * The payer's own payments of a plan from the portal (issue 40 §3): paying one instalment (or the whole balance)
 * on-session, and replacing the saved method. The charging job (instalment-ledger.repository.ts) never touches an
 * instalment under a lease or with an attempt in flight; the portal takes the same lease before it asks Stripe, so
 * the job and the payer never charge one instalment both. Recording keeps to the ledger's columns.
 */
@Injectable()
export class InstalmentPaymentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Leases the plan's open instalments (`seq`, or all with null) for `leaseMs`, so the job leaves them while the payer
   * pays; none when any of them is being charged by the job or paid in another tab (their lease has not lapsed).
   */
  reserve(organizationId: string, planId: string, seq: number | null, leaseMs: number): Promise<ReservedInstalment[] | 'busy'> {
    return this.db.transaction(async (m) => {
      const rows: (ReservedInstalment & { busy: boolean })[] = await m.query(
        `SELECT i.id, i.seq, i.amount_cents AS "amountCents",
                (i.attempt_key IS NOT NULL OR coalesce(i.lease_until > now(), false)) AS busy
           FROM payment_plan_instalments i
           JOIN payer_plans p ON p.id = i.payer_plan_id AND p.organization_id = i.organization_id
          WHERE i.organization_id = $1 AND i.payer_plan_id = $2 AND p.status = 'active' AND i.${OPEN}
            AND ($3::int IS NULL OR i.seq = $3)
          ORDER BY i.seq FOR UPDATE OF i`,
        [organizationId, planId, seq],
      );
      if (rows.some((r) => r.busy)) return 'busy';
      if (!rows.length) return [];
      await m.query(
        `UPDATE payment_plan_instalments SET lease_until = now() + $2 * interval '1 millisecond', updated_at = now()
          WHERE id = ANY($1::uuid[])`,
        [rows.map((r) => r.id), leaseMs],
      );
      return rows.map(({ id, seq: s, amountCents }) => ({ id, seq: s, amountCents }));
    });
  }

  /** Gives leased instalments back to the schedule (the payment could not be opened). */
  async release(organizationId: string, ids: string[]): Promise<void> {
    await this.db.query(`UPDATE payment_plan_instalments SET lease_until = NULL WHERE organization_id = $1 AND id = ANY($2::uuid[])`, [
      organizationId,
      ids,
    ]);
  }

  /** The plan's instalments `seqs` with their amounts (to check a PaymentIntent against), open or not. */
  instalments(organizationId: string, planId: string, seqs: number[]): Promise<(ReservedInstalment & { status: string })[]> {
    return this.db.query(
      `SELECT id, seq, amount_cents AS "amountCents", status FROM payment_plan_instalments
        WHERE organization_id = $1 AND payer_plan_id = $2 AND seq = ANY($3::int[]) ORDER BY seq`,
      [organizationId, planId, seqs],
    );
  }

  /**
   * A new method saved by the payer: the plan charges it from now on, and every failed instalment and every one due
   * (a soft decline waiting for its retry) is due again at once, so the job's next round charges them with it.
   * Answers the method it replaced, whether another open plan of this organization still charges that method (the
   * payer's Customer is shared by their plans here), and the seqs made due.
   */
  replaceMethod(
    organizationId: string,
    planId: string,
    paymentMethodId: string,
  ): Promise<{ previous: string | null; previousInUse: boolean; due: number[] }> {
    return this.db.transaction(async (m) => {
      const [plan] = await m.query(
        `SELECT stripe_payment_method_id AS pm FROM payer_plans WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
        [organizationId, planId],
      );
      await m.query(`UPDATE payer_plans SET stripe_payment_method_id = $3 WHERE organization_id = $1 AND id = $2`, [
        organizationId,
        planId,
        paymentMethodId,
      ]);
      const due = await returning<{ seq: number }>(
        m,
        `UPDATE payment_plan_instalments
            SET status = 'scheduled', next_attempt_at = now(), updated_at = now()
          WHERE organization_id = $1 AND payer_plan_id = $2 AND attempt_key IS NULL
            AND (status = 'failed' OR (status = 'scheduled' AND due_at <= now()))
        RETURNING seq`,
        [organizationId, planId],
      );
      const previous: string | null = plan?.pm ?? null;
      const [use] = previous
        ? await m.query(
            `SELECT EXISTS (SELECT 1 FROM payer_plans WHERE organization_id = $1 AND id <> $2 AND stripe_payment_method_id = $3
                              AND status IN ('pending', 'active')) AS "inUse"`,
            [organizationId, planId, previous],
          )
        : [{ inUse: false }];
      return { previous, previousInUse: use.inUse, due: due.map((r) => r.seq).sort((a, b) => a - b) };
    });
  }
}
