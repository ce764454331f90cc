import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ClassMilestonesService } from '../../src/modules/reporting/class-milestones.service';
import { classBody, createClass, createOrg, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { activityCount, enrollStudent } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

// Issue 12 §1 and §3: events the server records itself, once; ratings through signed one-click links.
describe('server-recorded events and ratings', () => {
  let t: TestApp;
  let org: OrgFixture;
  let milestones: ClassMilestonesService;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
    milestones = t.app.get(ClassMilestonesService);
  });
  afterAll(async () => {
    await t.close();
  });

  const events = (type: string) =>
    t.db.query(`SELECT metadata FROM activity_events WHERE organization_id = $1 AND event_type = $2 ORDER BY event_date`, [
      org.orgId,
      type,
    ]);

  it('should record online enrollments from the public site and walk-in ones added by an admin, and cancellations', async () => {
    const cls = await createClass(t, org, { title: 'Walk-in test' });
    await enrollStudent(t, org, cls.id);
    const added = await t.http
      .post('/api/students')
      .set(org.auth)
      .send({ ...studentBody(), classEnrollments: [{ classId: cls.id, paymentMethod: 'in-person', paymentStatus: 'pending' }] })
      .expect(201);
    const sources = (await events('class_enrollment')).map((e: { metadata: { source: string } }) => e.metadata.source);
    expect(sources).toEqual(['online', 'walk_in']);
    await t.http.delete(`/api/students/${added.body.data.id}/enrollments/${cls.id}`).set(org.auth).expect(200);
    expect(await activityCount(t, org.orgId, 'enrollment_cancelled')).toBe(1);
    await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send(classBody({ title: 'Walk-in test', status: 'Cancelled' }))
      .expect(200);
    expect(await activityCount(t, org.orgId, 'class_cancelled')).toBe(1);
  });

  it('should record class_started and class_completion once per class, even with runs side by side', async () => {
    const cls = await createClass(t, org, { title: 'Finished', days: 2, schedule: 'Consecutive', duration: 60 });
    const s = await enrollStudent(t, org, cls.id);
    // First session 3 days ago, second 2 days ago: both passed.
    await t.db.query(`UPDATE classes SET start_date = now() - interval '3 days' WHERE id = $1`, [cls.id]);
    const future = await createClass(t, org, { title: 'Later' });
    await Promise.all([milestones.run(), milestones.run(), milestones.run()]);
    await milestones.run();
    const started = await events('class_started');
    const completed = await events('class_completion');
    expect(started.filter((e: { metadata: { classId: string } }) => e.metadata.classId === cls.id)).toHaveLength(1);
    expect(completed).toEqual([{ metadata: expect.objectContaining({ classId: cls.id, className: 'Finished', studentsCount: 1 }) }]);
    expect(started.some((e: { metadata: { classId: string } }) => e.metadata.classId === future.id)).toBe(false);

    // The 'How was Finished?' email is queued in the communications outbox once, however many runs raced.
    const reqs = await t.db.query(
      `SELECT kind, channel, recipient_id, to_address, subject, message, html, status, dedupe_key FROM communications
        WHERE organization_id = $1 AND kind = 'rating'`,
      [org.orgId],
    );
    expect(reqs).toHaveLength(1);
    const [req] = reqs;
    expect(req).toMatchObject({
      kind: 'rating',
      channel: 'email',
      recipient_id: s.id,
      to_address: s.email,
      subject: 'How was Finished?',
      status: 'pending',
      dedupe_key: `rating:${cls.id}:${s.id}:email`,
    });
    const links = [...req.message.matchAll(/http\S+/g)].map((m: RegExpMatchArray) => m[0]);
    expect(links).toHaveLength(5);
    links.forEach((l, i) => expect(new URL(l).searchParams.get('rating')).toBe(String(i + 1)));
    // The HTML part has the same five links as buttons, and (not transactional) an unsubscribe link.
    const hrefs = [...req.html.matchAll(/href="([^"]+)"/g)].map((m: RegExpMatchArray) => m[1].replace(/&#38;/g, '&'));
    expect(hrefs.filter((h) => h.includes('/api/ratings?'))).toEqual(links);
    expect(req.html).toContain('Unsubscribe');
    // The old table is gone (migration 1765500000001): the outbox is the only place a rating request lives.
    expect((await t.db.query("SELECT to_regclass('rating_requests') AS t"))[0].t).toBeNull();

    // A changed score keeps the old signature: refused. The real link records the rating.
    const four = new URL(links[3]);
    const forged = new URL(links[3]);
    forged.searchParams.set('rating', '5');
    expect((await t.http.get(forged.pathname + forged.search).expect(200)).text).toContain('Link not valid');
    expect((await t.http.get(four.pathname + four.search).expect(200)).text).toContain('You rated Finished 4 out of 5');
    // One rating per student and class: a second click replaces it.
    const two = new URL(links[1]);
    await t.http.get(two.pathname + two.search).expect(200);
    const ratings = await t.db.query('SELECT rating FROM satisfaction_ratings WHERE class_id = $1', [cls.id]);
    expect(ratings).toEqual([{ rating: 2 }]);

    const summary = await t.http.get('/api/reporting/dashboard-summary').set(org.auth).expect(200);
    expect(summary.body.data).toMatchObject({ averageSatisfaction: 2, averageRating: 2 });
    const done = await t.http.get('/api/reporting/class-completion-events?timeframe=7d').set(org.auth).expect(200);
    expect(done.body.data).toEqual([expect.objectContaining({ classId: cls.id, satisfactionRating: 2, ratings: 1, studentsCount: 1 })]);
  });
});
