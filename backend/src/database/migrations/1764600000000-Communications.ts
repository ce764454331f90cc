import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Communications, owned by the communications module.
 *
 * - `communications` is the outbox and the history at once: a message is a row before it is anything else. The
 *   dispatcher claims due `pending` rows (`next_attempt_at`) with FOR UPDATE SKIP LOCKED and moves them to
 *   `sending` with a lease; the outcome is `sent` (provider id), `delivered` / `failed` (Twilio status callback),
 *   `failed` (4xx, retries spent, or 'outcome unknown' after a timeout or a crash mid-send), `cancelled` or
 *   `skipped` (opted out, monthly cap) with `status_reason`. `dedupe_key` is unique per organization, so a
 *   reminder or a confirmation can never be queued twice. `recipient` is a snapshot of the person as queued
 *   (the address in `to_address` too): history shows what was sent, not what the person is called today.
 * - `communication_templates`: the organization's own templates (built-in defaults live in code).
 * - `sms_opt_outs`: phone numbers (E.164) that texted STOP or that Twilio reported opted out (21610).
 */
export class Communications1764600000000 implements MigrationInterface {
  name = 'Communications1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE communication_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        type text NOT NULL CHECK (type IN ('email', 'sms')),
        kind text NOT NULL DEFAULT 'manual' CHECK (kind IN ('manual', 'reminder', 'confirmation', 'receipt', 'refund')),
        subject_template text,
        message_template text NOT NULL,
        variables jsonb NOT NULL DEFAULT '[]',
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX communication_templates_org_idx ON communication_templates (organization_id, name);

      CREATE TABLE communications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        recipient_type text NOT NULL CHECK (recipient_type IN ('student', 'user')),
        recipient_id uuid NOT NULL,
        recipient jsonb NOT NULL DEFAULT '{}',
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        to_address text NOT NULL,
        subject text,
        message text NOT NULL,
        html text,
        attachments jsonb NOT NULL DEFAULT '[]',
        template_id uuid REFERENCES communication_templates(id) ON DELETE SET NULL,
        kind text NOT NULL CHECK (kind IN ('manual', 'reminder', 'confirmation', 'receipt', 'refund', 'system')),
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'sending', 'sent', 'delivered', 'failed', 'cancelled', 'skipped')),
        status_reason text,
        scheduled_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_expires_at timestamptz,
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
        last_error text,
        provider text,
        provider_message_id text,
        error_code text,
        dedupe_key text,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT communications_lease_check CHECK ((status = 'sending') = (lease_expires_at IS NOT NULL))
      );
      CREATE UNIQUE INDEX communications_dedupe_key ON communications (organization_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
      CREATE INDEX communications_due_idx ON communications (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX communications_lease_idx ON communications (lease_expires_at) WHERE status = 'sending';
      CREATE INDEX communications_org_created_idx ON communications (organization_id, created_at DESC);
      CREATE INDEX communications_recipient_idx ON communications (recipient_id, created_at DESC);
      CREATE INDEX communications_provider_id_idx ON communications (provider_message_id) WHERE provider_message_id IS NOT NULL;

      CREATE TABLE sms_opt_outs (
        phone text PRIMARY KEY,
        opted_out boolean NOT NULL,
        -- 'stop' (an inbound keyword), 'start', 'twilio_21610' (Twilio refused: the number had opted out)
        source text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sms_opt_outs, communications, communication_templates');
  }
}
