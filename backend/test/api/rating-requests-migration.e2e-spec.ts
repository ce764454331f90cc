import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DropRatingRequests1765500000001 } from '../../src/database/migrations/1765500000001-DropRatingRequests';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { enrollStudent } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

// Migration 1765500000001: rows of the old `rating_requests` table move into the communications log (a student's
// export reads them there), a never-sent one as 'skipped' so the dispatcher never sends it late; the table goes.
describe('rating_requests dropped into the communications log', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'essential' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should move each old request into the log, unsent ones skipped, and drop the table', async () => {
    const cls = await createClass(t, org, { title: 'Raku' });
    const ann = await enrollStudent(t, org, cls.id, { firstName: 'Annabel', lastName: 'Quill' });
    const bob = await enrollStudent(t, org, cls.id, { firstName: 'Bob', lastName: 'Stone' });
    const migration = new DropRatingRequests1765500000001();
    const runner = t.db.createQueryRunner();
    try {
      await migration.down(runner); // the table as it was, empty
      await t.db.query(
        `INSERT INTO rating_requests (organization_id, class_id, student_id, email, subject, body, sent_at)
         VALUES ($1, $2, $3, $4, 'How was Raku?', 'Rate it', NULL), ($1, $2, $5, $6, 'How was Raku?', 'Rate it too', '2026-11-20T10:00:00Z')`,
        [org.orgId, cls.id, ann.id, ann.email, bob.id, bob.email],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect((await t.db.query("SELECT to_regclass('rating_requests') AS t"))[0].t).toBeNull();
    const moved = await t.db.query(
      `SELECT recipient_id, to_address, subject, message, status, sent_at IS NOT NULL AS sent, dedupe_key, recipient->>'firstName' AS first
         FROM communications WHERE organization_id = $1 AND kind = 'rating' ORDER BY message`,
      [org.orgId],
    );
    expect(moved).toEqual([
      {
        recipient_id: ann.id,
        to_address: ann.email,
        subject: 'How was Raku?',
        message: 'Rate it',
        status: 'skipped',
        sent: false,
        dedupe_key: null,
        first: 'Annabel',
      },
      {
        recipient_id: bob.id,
        to_address: bob.email,
        subject: 'How was Raku?',
        message: 'Rate it too',
        status: 'sent',
        sent: true,
        dedupe_key: null,
        first: 'Bob',
      },
    ]);
    const exported = (await t.http.get(`/api/students/${ann.id}/export`).set(org.auth).expect(200)).body.data.messages;
    expect(exported).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'rating', status: 'skipped', message: 'Rate it' })]));
  });
});
