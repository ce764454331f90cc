import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports built from what happened.
 *
 * - `activity_events.client_reported`: the spec's `POST /api/reporting/*` calls are kept for compatibility; what
 *   a browser posts is stored marked as client-reported and no report or activity list reads it (decision 9).
 * - `class_milestones` (owned by reporting): when the job recorded a class's `class_started` and
 *   `class_completion` events, so each is recorded once per class, on any number of instances.
 * - `satisfaction_ratings` (owned by reporting): one 1-5 rating per student and class, given through a signed
 *   one-click link after the class's last session. `rating_requests` are the 'How was {className}?' messages to
 *   send (one per student and class), kept until a communications queue takes them.
 */
export class Reporting1764700000000 implements MigrationInterface {
  name = 'Reporting1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE activity_events ADD COLUMN client_reported boolean NOT NULL DEFAULT false;
      CREATE INDEX activity_events_org_type_date_idx ON activity_events (organization_id, event_type, event_date)
        WHERE NOT client_reported;

      CREATE TABLE class_milestones (
        class_id uuid PRIMARY KEY REFERENCES classes(id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        started_at timestamptz,
        completed_at timestamptz
      );

      CREATE TABLE satisfaction_ratings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT satisfaction_ratings_student_class_key UNIQUE (class_id, student_id)
      );
      CREATE INDEX satisfaction_ratings_org_created_idx ON satisfaction_ratings (organization_id, created_at);

      CREATE TABLE rating_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        email text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        CONSTRAINT rating_requests_student_class_key UNIQUE (class_id, student_id)
      );

      -- Reports read an organization's enrollments by date and its payments by payment time: covering indexes,
      -- so a year of 100,000 enrollments is an index-only scan (docs/benchmarks/reports.md).
      CREATE INDEX enrollments_org_date_idx ON enrollments (organization_id, enrollment_date) INCLUDE (class_id, status);
      CREATE INDEX enrollments_org_paid_report_idx ON enrollments (organization_id, paid_at)
        INCLUDE (class_id, status, amount_paid_cents, payment_method, platform_fee_cents, organization_amount_cents)
        WHERE paid_at IS NOT NULL;
      CREATE INDEX attendance_class_idx ON attendance (class_id, session_index);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX attendance_class_idx;
      DROP INDEX enrollments_org_paid_report_idx;
      DROP INDEX enrollments_org_date_idx;
      DROP TABLE rating_requests;
      DROP TABLE satisfaction_ratings;
      DROP TABLE class_milestones;
      DROP INDEX activity_events_org_type_date_idx;
      ALTER TABLE activity_events DROP COLUMN client_reported;
    `);
  }
}
