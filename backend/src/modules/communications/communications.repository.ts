import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Statement } from '../../common/db/together';
import { claimDueRows } from './outbox-claim.repository';
import type { OutboundBudget } from '../outbound-limits/outbound-budget';
import { type CommunicationRow, type NewCommunication, OUTCOME_UNKNOWN, TRANSACTIONAL_KINDS } from './communication.types';

const COLUMNS = `id, organization_id AS "organizationId", recipient_type AS "recipientType", recipient_id AS "recipientId",
  recipient, channel, to_address AS "toAddress", subject, message, html, attachments, template_id AS "templateId", kind,
  status, status_reason AS "statusReason", scheduled_at AS "scheduledAt", next_attempt_at AS "nextAttemptAt", attempts,
  max_attempts AS "maxAttempts", last_error AS "lastError", provider, provider_message_id AS "providerMessageId",
  error_code AS "errorCode", dedupe_key AS "dedupeKey", created_at AS "createdAt", sent_at AS "sentAt"`;

/** Without the bulky parts (HTML body, attachments): what lists show. */
const LIST_COLUMNS = COLUMNS.replace(' html,', '').replace(' attachments,', '');

export interface TemplateRow {
  id: string;
  organizationId: string;
  name: string;
  type: 'email' | 'sms';
  kind: string;
  subjectTemplate: string | null;
  messageTemplate: string;
  variables: string[];
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const TEMPLATE_COLUMNS = `id, organization_id AS "organizationId", name, type, kind, subject_template AS "subjectTemplate",
  message_template AS "messageTemplate", variables, is_active AS "isActive", created_at AS "createdAt", updated_at AS "updatedAt"`;

const INSERT_COLUMNS = `organization_id, recipient_type, recipient_id, recipient, channel, to_address, subject, message,
  html, attachments, template_id, kind, scheduled_at, next_attempt_at, max_attempts, dedupe_key, created_by`;

/** One row's placeholders from $first (16 parameters: the schedule is both scheduled_at and next_attempt_at). */
const insertValues = (first: number) => {
  const $ = (i: number) => `$${first + i}`;
  return `(${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}::jsonb, ${$(4)}, ${$(5)}, ${$(6)}, ${$(7)}, ${$(8)}, ${$(9)}::jsonb, ${$(10)}, ${$(11)}, ${$(12)}, ${$(12)}, ${$(13)}, ${$(14)}, ${$(15)})`;
};

const insertParams = (c: NewCommunication): unknown[] => [
  c.organizationId,
  c.recipientType,
  c.recipientId,
  JSON.stringify(c.recipient),
  c.channel,
  c.toAddress,
  c.subject,
  c.message,
  c.html ?? null,
  JSON.stringify(c.attachments ?? []),
  c.templateId ?? null,
  c.kind,
  c.scheduledAt ?? new Date(),
  c.maxAttempts ?? 3,
  c.dedupeKey ?? null,
  c.createdBy ?? null,
];

/** The communications module owns `communications`, `communication_templates` and `sms_opt_outs`. */
@Injectable()
export class CommunicationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Queues a row; null when a row with the same dedupe key already exists in the organization. */
  async insert(c: NewCommunication, manager: EntityManager = this.db.manager): Promise<CommunicationRow | null> {
    const rows: CommunicationRow[] = await manager.query(
      `INSERT INTO communications (${INSERT_COLUMNS}) VALUES ${insertValues(1)}
       ON CONFLICT (organization_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING ${LIST_COLUMNS}`,
      insertParams(c),
    );
    return rows[0] ?? null;
  }

  /** Rows of one action in one statement (a card payment's confirmation and receipt); how many were new. */
  async insertRows(list: NewCommunication[], manager: EntityManager = this.db.manager): Promise<number> {
    if (!list.length) return 0;
    const { text, params } = this.insertRowsStatement(list);
    const rows: unknown[] = await manager.query(text, params as unknown[]);
    return rows.length;
  }

  /** insertRows' insert as a statement another module's repository can send with its own write (`together`). */
  insertRowsStatement(list: NewCommunication[]): Statement {
    return {
      text: `INSERT INTO communications (${INSERT_COLUMNS}) VALUES ${list.map((_, i) => insertValues(i * 16 + 1)).join(', ')}
       ON CONFLICT (organization_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING id`,
      params: list.flatMap(insertParams),
    };
  }

  /** Several rows in one statement (the reminders job, the benchmark). Returns how many were new. */
  async insertMany(list: NewCommunication[], manager: EntityManager = this.db.manager): Promise<number> {
    let added = 0;
    for (const c of list) if (await this.insert(c, manager)) added += 1;
    return added;
  }

  /** Due pending rows, locked for the caller's transaction, shared between organizations (outbox-claim.repository.ts). */
  lockDue(m: EntityManager, limit: number, budget: OutboundBudget): Promise<CommunicationRow[]> {
    return claimDueRows(m, limit, COLUMNS, budget);
  }

  /** Serialises the monthly-cap count of one student across instances (taken in recipient order: no deadlock). */
  async lockRecipient(m: EntityManager, recipientId: string): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 11))', [recipientId]);
  }

  /** Non-transactional messages that went (or are going) to the person this calendar month, across channels. */
  async countCappedThisMonth(m: EntityManager, recipientId: string): Promise<number> {
    const [{ n }] = await m.query(
      `SELECT count(*)::int AS n FROM communications
       WHERE recipient_id = $1 AND kind <> ALL($2) AND status IN ('sending', 'sent', 'delivered')
         AND coalesce(sent_at, updated_at) >= date_trunc('month', now())`,
      [recipientId, TRANSACTIONAL_KINDS],
    );
    return n as number;
  }

  async markSending(m: EntityManager, ids: string[], leaseMs: number): Promise<void> {
    if (!ids.length) return;
    await m.query(
      `UPDATE communications SET status = 'sending', attempts = attempts + 1, lease_expires_at = now() + $2 * interval '1 millisecond',
         updated_at = now() WHERE id = ANY($1)`,
      [ids, leaseMs],
    );
  }

  async skip(m: EntityManager, id: string, reason: string): Promise<void> {
    await m.query(`UPDATE communications SET status = 'skipped', status_reason = $2, updated_at = now() WHERE id = $1`, [id, reason]);
  }

  async postpone(m: EntityManager, id: string, until: Date, reason: string): Promise<void> {
    await m.query(`UPDATE communications SET next_attempt_at = $2, status_reason = $3, updated_at = now() WHERE id = $1`, [
      id,
      until,
      reason,
    ]);
  }

  /**
   * Sent. A row whose lease ran out meanwhile ('outcome unknown' set by another instance) is corrected too: now the
   * outcome is known.
   */
  async markSent(id: string, provider: string, messageId: string | null): Promise<void> {
    await this.db.query(
      `UPDATE communications SET status = 'sent', sent_at = now(), provider = $2, provider_message_id = $3, lease_expires_at = NULL,
         status_reason = NULL, last_error = NULL, updated_at = now()
       WHERE id = $1 AND (status = 'sending' OR (status = 'failed' AND status_reason = $4))`,
      [id, provider, messageId, OUTCOME_UNKNOWN],
    );
  }

  /** markSent for many rows in one statement. */
  async markSentMany(rows: { id: string; provider: string; messageId: string }[]): Promise<void> {
    await this.db.query(
      `UPDATE communications c SET status = 'sent', sent_at = now(), provider = v.provider, provider_message_id = v.message_id,
         lease_expires_at = NULL, status_reason = NULL, last_error = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, provider, message_id)
       WHERE c.id = v.id AND (c.status = 'sending' OR (c.status = 'failed' AND c.status_reason = $4))`,
      [rows.map((r) => r.id), rows.map((r) => r.provider), rows.map((r) => r.messageId), OUTCOME_UNKNOWN],
    );
  }

  /** 429/5xx: back to pending after the delay, or failed once the attempts are spent. */
  async markRetry(id: string, error: string, delayMs: number, code: string | null): Promise<void> {
    await this.db.query(
      `UPDATE communications SET
         status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
         status_reason = CASE WHEN attempts >= max_attempts THEN 'retries exhausted' ELSE 'retrying' END,
         next_attempt_at = now() + $3 * interval '1 millisecond', last_error = $2, error_code = $4, lease_expires_at = NULL, updated_at = now()
       WHERE id = $1 AND status = 'sending'`,
      [id, error.slice(0, 2000), delayMs, code],
    );
  }

  async markFailed(id: string, reason: string, error: string, code: string | null, provider: string | null): Promise<void> {
    await this.db.query(
      `UPDATE communications SET status = 'failed', status_reason = $2, last_error = $3, error_code = $4, provider = coalesce($5, provider),
         lease_expires_at = NULL, updated_at = now()
       WHERE id = $1 AND status = 'sending'`,
      [id, reason, error.slice(0, 2000), code, provider],
    );
  }

  /** Rows whose sender died mid-send (lease ran out): 'outcome unknown', for a person to decide. */
  async expireLeases(): Promise<number> {
    const rows: [unknown[], number] = await this.db.query(
      `UPDATE communications SET status = 'failed', status_reason = $1, lease_expires_at = NULL, updated_at = now(),
         last_error = coalesce(last_error, 'The sending process stopped before the provider answered')
       WHERE status = 'sending' AND lease_expires_at < now() RETURNING id`,
      [OUTCOME_UNKNOWN],
    );
    return rows[0].length;
  }

  /**
   * Cancels a pending row. It waits for a dispatcher's claim on the row (FOR UPDATE), then re-reads the status: a row
   * the dispatcher took is 'sending' by then and is not cancelled. Null: not pending (or not found).
   */
  async cancel(id: string, organizationId: string): Promise<CommunicationRow | null> {
    const rows: [CommunicationRow[], number] = await this.db.query(
      `UPDATE communications SET status = 'cancelled', status_reason = NULL, updated_at = now()
       WHERE id = $1 AND organization_id = $2 AND status = 'pending' RETURNING ${LIST_COLUMNS}`,
      [id, organizationId],
    );
    return rows[0][0] ?? null;
  }

  async find(id: string, organizationId: string): Promise<CommunicationRow | null> {
    const rows: CommunicationRow[] = await this.db.query(
      `SELECT ${LIST_COLUMNS} FROM communications WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
    );
    return rows[0] ?? null;
  }

  /** History: everything but what still waits to go. */
  history(organizationId: string, limit: number, recipientId?: string): Promise<CommunicationRow[]> {
    return this.db.query(
      `SELECT ${LIST_COLUMNS} FROM communications WHERE organization_id = $1 AND ($3::uuid IS NULL OR recipient_id = $3)
         AND ($3::uuid IS NOT NULL OR status <> 'pending')
       ORDER BY created_at DESC, id LIMIT $2`,
      [organizationId, limit, recipientId ?? null],
    );
  }

  scheduled(organizationId: string, limit: number): Promise<CommunicationRow[]> {
    return this.db.query(
      `SELECT ${LIST_COLUMNS} FROM communications WHERE organization_id = $1 AND status = 'pending'
       ORDER BY scheduled_at, id LIMIT $2`,
      [organizationId, limit],
    );
  }

  /** Communications (any status) per organization, for the IT-admin overview. */
  async countByOrganization(organizationIds: string[]): Promise<Map<string, number>> {
    const rows: { id: string; n: number }[] = await this.db.query(
      'SELECT organization_id AS id, count(*)::int AS n FROM communications WHERE organization_id = ANY($1::uuid[]) GROUP BY 1',
      [organizationIds],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /**
   * Deletes the organization's messages still waiting to go (the IT-admin portal's bulk delete). A row a dispatcher has claimed is
   * locked: the DELETE waits for it, re-checks, and leaves it alone once it is 'sending'.
   */
  async deletePendingOfOrganization(organizationId: string, manager: EntityManager = this.db.manager): Promise<number> {
    const rows: [unknown[], number] = await manager.query(
      "DELETE FROM communications WHERE organization_id = $1 AND status = 'pending' RETURNING id",
      [organizationId],
    );
    return rows[1];
  }

  /** One page of the organization's log for its data export, by id after `after` (the columns the export names). */
  exportPage(organizationId: string, after: string | null, limit: number): Promise<Record<string, unknown>[]> {
    return this.db.query(
      `SELECT id, recipient_type, recipient_id, channel, to_address AS "to", subject, kind, status, status_reason, scheduled_at,
              sent_at, attempts, created_at
         FROM communications WHERE organization_id = $1 AND ($2::uuid IS NULL OR id > $2::uuid) ORDER BY id LIMIT $3`,
      [organizationId, after, limit],
    );
  }

  /**
   * Every message to one student of the organization, every kind and status, oldest first: their own data export
   *. With the text they were sent; attachments by name only (an .ics is regenerated from the class).
   */
  ofStudent(organizationId: string, studentId: string): Promise<Record<string, unknown>[]> {
    return this.db.query(
      `SELECT id, kind, channel, to_address AS "to", subject, message, status, status_reason AS "statusReason",
              (SELECT coalesce(jsonb_agg(a->>'filename'), '[]') FROM jsonb_array_elements(attachments) a) AS attachments,
              scheduled_at AS "scheduledAt", sent_at AS "sentAt", created_at AS "createdAt"
         FROM communications WHERE organization_id = $1 AND recipient_type = 'student' AND recipient_id = $2
        ORDER BY created_at, id`,
      [organizationId, studentId],
    );
  }

  /** Every message to one student of the organization (their erasure). */
  async deleteOfStudent(manager: EntityManager, organizationId: string, studentId: string): Promise<number> {
    const rows: [unknown[], number] = await manager.query(
      "DELETE FROM communications WHERE organization_id = $1 AND recipient_type = 'student' AND recipient_id = $2 RETURNING id",
      [organizationId, studentId],
    );
    return rows[1];
  }

  /** Twilio's status callback: delivered or failed, never back to an earlier state. */
  async applySmsStatus(sid: string, status: 'delivered' | 'failed', errorCode: string | null): Promise<{ toAddress: string } | null> {
    const rows: [{ toAddress: string }[], number] = await this.db.query(
      `UPDATE communications SET status = $2, error_code = coalesce($3, error_code),
         status_reason = CASE WHEN $2 = 'failed' THEN coalesce('Twilio error ' || $3, 'undelivered') ELSE NULL END, updated_at = now()
       WHERE provider_message_id = $1 AND channel = 'sms' AND status IN ('sent', 'sending', 'failed')
         AND NOT (status = 'failed' AND $2 = 'failed')
       RETURNING to_address AS "toAddress"`,
      [sid, status, errorCode],
    );
    return rows[0][0] ?? null;
  }

  // --- SMS opt-outs (per phone number, E.164) ---

  async setOptOut(phone: string, optedOut: boolean, source: string): Promise<void> {
    await this.db.query(
      `INSERT INTO sms_opt_outs (phone, opted_out, source) VALUES ($1, $2, $3)
       ON CONFLICT (phone) DO UPDATE SET opted_out = $2, source = $3, updated_at = now()`,
      [phone, optedOut, source],
    );
  }

  async optedOutPhones(m: EntityManager, phones: string[]): Promise<Set<string>> {
    if (!phones.length) return new Set();
    const rows: { phone: string }[] = await m.query('SELECT phone FROM sms_opt_outs WHERE phone = ANY($1) AND opted_out', [phones]);
    return new Set(rows.map((r) => r.phone));
  }

  // --- Templates ---

  listTemplates(organizationId: string): Promise<TemplateRow[]> {
    return this.db.query(`SELECT ${TEMPLATE_COLUMNS} FROM communication_templates WHERE organization_id = $1 ORDER BY name, id`, [
      organizationId,
    ]);
  }

  async findTemplate(id: string, organizationId: string): Promise<TemplateRow | null> {
    const rows: TemplateRow[] = await this.db.query(
      `SELECT ${TEMPLATE_COLUMNS} FROM communication_templates WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
    );
    return rows[0] ?? null;
  }

  /** The organization's active template for an automatic message, newest first; null: use the built-in one. */
  async activeTemplateFor(
    organizationId: string,
    kind: string,
    type: string,
    m: EntityManager = this.db.manager,
  ): Promise<TemplateRow | null> {
    const rows: TemplateRow[] = await m.query(
      `SELECT ${TEMPLATE_COLUMNS} FROM communication_templates WHERE organization_id = $1 AND kind = $2 AND type = $3 AND is_active
       ORDER BY updated_at DESC LIMIT 1`,
      [organizationId, kind, type],
    );
    return rows[0] ?? null;
  }

  /** activeTemplateFor of several kinds in one query: kind -> the organization's own template (absent: the built-in one). */
  async activeTemplatesFor(
    organizationId: string,
    kinds: readonly string[],
    type: string,
    m: EntityManager = this.db.manager,
  ): Promise<Map<string, TemplateRow>> {
    const rows: TemplateRow[] = await m.query(
      `SELECT DISTINCT ON (kind) ${TEMPLATE_COLUMNS} FROM communication_templates
       WHERE organization_id = $1 AND kind = ANY($2) AND type = $3 AND is_active
       ORDER BY kind, updated_at DESC`,
      [organizationId, kinds, type],
    );
    return new Map(rows.map((r) => [r.kind, r]));
  }

  async insertTemplate(t: Omit<TemplateRow, 'id' | 'createdAt' | 'updatedAt'>): Promise<TemplateRow> {
    const rows: TemplateRow[] = await this.db.query(
      `INSERT INTO communication_templates (organization_id, name, type, kind, subject_template, message_template, variables, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING ${TEMPLATE_COLUMNS}`,
      [t.organizationId, t.name, t.type, t.kind, t.subjectTemplate, t.messageTemplate, JSON.stringify(t.variables), t.isActive],
    );
    return rows[0];
  }

  async updateTemplate(id: string, organizationId: string, t: Omit<TemplateRow, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>) {
    const rows: [TemplateRow[], number] = await this.db.query(
      `UPDATE communication_templates SET name = $3, type = $4, kind = $5, subject_template = $6, message_template = $7,
         variables = $8::jsonb, is_active = $9, updated_at = now()
       WHERE id = $1 AND organization_id = $2 RETURNING ${TEMPLATE_COLUMNS}`,
      [id, organizationId, t.name, t.type, t.kind, t.subjectTemplate, t.messageTemplate, JSON.stringify(t.variables), t.isActive],
    );
    return rows[0][0] ?? null;
  }

  async deleteTemplate(id: string, organizationId: string): Promise<boolean> {
    const rows: [unknown[], number] = await this.db.query(
      'DELETE FROM communication_templates WHERE id = $1 AND organization_id = $2 RETURNING id',
      [id, organizationId],
    );
    return rows[0].length > 0;
  }
}
