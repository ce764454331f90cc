import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rating requests are messages in the communications outbox (kind `rating`, migration 1764900000000); nothing
 * writes `rating_requests` since, and its last readers (a student's export, erasure) now ask CommunicationsService.
 * Rows written before are moved into the log so a student's export still lists them: as `skipped` when they were
 * never sent (nothing ever dispatched that table; sending them now, long after the class, would be wrong), with
 * no dedupe key (they block nothing). `satisfaction_ratings` (the ratings themselves) stays.
 */
export class DropRatingRequests1765500000001 implements MigrationInterface {
  name = 'DropRatingRequests1765500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO communications (organization_id, recipient_type, recipient_id, recipient, channel, to_address, subject, message,
                                  kind, status, status_reason, scheduled_at, next_attempt_at, created_at, sent_at, updated_at)
      SELECT r.organization_id, 'student', r.student_id,
             jsonb_build_object('firstName', s.first_name, 'lastName', s.last_name, 'email', r.email, 'phone', NULLIF(s.phone, '')),
             'email', r.email, r.subject, r.body, 'rating',
             CASE WHEN r.sent_at IS NULL THEN 'skipped' ELSE 'sent' END,
             CASE WHEN r.sent_at IS NULL THEN 'Queued before rating requests went through the outbox; never sent' END,
             r.created_at, r.created_at, r.created_at, r.sent_at, now()
        FROM rating_requests r JOIN students s ON s.id = r.student_id;
      DROP TABLE rating_requests;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    // The table comes back empty: the moved rows stay in the communications log, where they are read now.
    await q.query(`
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
    `);
  }
}
