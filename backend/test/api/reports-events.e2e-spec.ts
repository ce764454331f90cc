import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ClassMilestonesService } from '../../src/modules/reporting/class-milestones.service';
import { RatingLinks } from '../../src/modules/reporting/rating-links';
import { classBody, createClass, createOrg, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { activityCount, enrollStudent } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

// Events the server records itself, once; ratings through signed one-click links.
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

  /** The class's session records laid out again from its start date, as the classes module lays them out (Consecutive). */
  const shiftSessions = (classId: string) =>
    t.db.query(
      `UPDATE class_sessions s SET starts_at = c.start_date + s.session_index * interval '1 day',
              ends_at = c.start_date + s.session_index * interval '1 day' + make_interval(mins => c.duration)
         FROM classes c WHERE c.id = s.class_id AND c.id = $1`,
      [classId],
    );

  it('should record class_started and class_completion once per class, even with runs side by side', async () => {
    const cls = await createClass(t, org, { title: 'Finished', days: 2, schedule: 'Consecutive', duration: 60 });
    const s = await enrollStudent(t, org, cls.id);
    // First session 3 days ago, second 2 days ago: both passed.
    await t.db.query(`UPDATE classes SET start_date = now() - interval '3 days' WHERE id = $1`, [cls.id]);
    await shiftSessions(cls.id);
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

    // A mail scanner or a link preview opens all five links: each shows a page and nothing is recorded.
    const path = (l: string) => new URL(l).pathname + new URL(l).search;
    for (const [i, l] of links.entries()) {
      const page = await t.http.get(path(l)).set('Accept', HTML).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<h1>How was Finished?</h1>');
      expect(page.text).toContain(`Send my rating: ${i + 1} out of 5`);
      // The chosen score's button and the four others, each a form that POSTs.
      const chosen = String(i + 1);
      expect(forms(page.text).map((f) => f.rating)).toEqual([chosen, ...['1', '2', '3', '4', '5'].filter((r) => r !== chosen)]);
    }
    expect(await t.db.query('SELECT rating FROM satisfaction_ratings WHERE class_id = $1', [cls.id])).toEqual([]);
    expect(await activityCount(t, org.orgId, 'satisfaction_rating')).toBe(0);

    // A changed score keeps the old signature: refused with the 'Link not valid' page, on GET and on POST.
    const forged = new URL(links[3]);
    forged.searchParams.set('rating', '5');
    const bad = await t.http
      .get(forged.pathname + forged.search)
      .set('Accept', HTML)
      .expect(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.text).toContain('<h1>Link not valid</h1>');
    const page4 = (await t.http.get(path(links[3])).set('Accept', HTML).expect(200)).text;
    const [four] = forms(page4);
    expect(four).toMatchObject({ action: 'ratings', class: cls.id, student: s.id, rating: '4' });
    const { action: _a, ...fields } = four;
    const forgedPost = await t.http
      .post('/api/ratings')
      .set('Accept', HTML)
      .type('form')
      .send({ ...fields, rating: '5' })
      .expect(400);
    expect(forgedPost.text).toContain('<h1>Link not valid</h1>');
    // Refused for its signature (the envelope a non-browser client gets says which rule).
    const forgedJson = await t.http
      .post('/api/ratings')
      .type('form')
      .send({ ...fields, rating: '5' })
      .expect(400);
    expect(forgedJson.body.error).toBe('This rating link is not valid');
    expect(await t.db.query('SELECT rating FROM satisfaction_ratings WHERE class_id = $1', [cls.id])).toEqual([]);

    // The page's button (its form, as a browser posts it) records the rating; sending it again changes nothing.
    const thanks = await t.http.post('/api/ratings').set('Accept', HTML).type('form').send(fields).expect(200);
    expect(thanks.headers['content-type']).toMatch(/^text\/html/);
    expect(thanks.text).toContain('You rated Finished 4 out of 5');
    await t.http.post('/api/ratings').set('Accept', HTML).type('form').send(fields).expect(200);
    expect(await t.db.query('SELECT rating FROM satisfaction_ratings WHERE class_id = $1', [cls.id])).toEqual([{ rating: 4 }]);
    expect(await activityCount(t, org.orgId, 'satisfaction_rating')).toBe(1);
    // One rating per student and class: another choice on the page replaces it (and the page says what was given).
    const page2 = (await t.http.get(path(links[1])).set('Accept', HTML).expect(200)).text;
    expect(page2).toContain('You rated this class 4 out of 5 before');
    const { action: _b, ...two } = forms(page2)[0];
    await t.http.post('/api/ratings').type('form').send(two).expect(200);
    const ratings = await t.db.query('SELECT rating FROM satisfaction_ratings WHERE class_id = $1', [cls.id]);
    expect(ratings).toEqual([{ rating: 2 }]);
    expect(await activityCount(t, org.orgId, 'satisfaction_rating')).toBe(2);

    const summary = await t.http.get('/api/reporting/dashboard-summary').set(org.auth).expect(200);
    expect(summary.body.data).toMatchObject({ averageSatisfaction: 2, averageRating: 2 });
    const done = await t.http.get('/api/reporting/class-completion-events?timeframe=7d').set(org.auth).expect(200);
    expect(done.body.data).toEqual([expect.objectContaining({ classId: cls.id, satisfactionRating: 2, ratings: 1, studentsCount: 1 })]);
  });

  it('should refuse a rating link of a student not in the class (403) or a malformed one (400), and answer JSON clients in JSON', async () => {
    const cls = await createClass(t, org, { title: 'Left early' });
    const s = await enrollStudent(t, org, cls.id);
    const links = t.app.get(RatingLinks);
    const link = (classId: string, studentId: string, rating: number) =>
      `/api/ratings?class=${classId}&student=${studentId}&rating=${rating}&sig=${links.sign(classId, studentId, rating)}`;
    const form = (classId: string, studentId: string, rating: number) => ({
      class: classId,
      student: studentId,
      rating: String(rating),
      sig: links.sign(classId, studentId, rating),
    });
    await t.http
      .get(link(cls.id, s.id, 3))
      .set('Accept', HTML)
      .expect(200);
    // Signed, but for a student who is not (or no longer) in the class.
    await t.http.delete(`/api/students/${s.id}/enrollments/${cls.id}`).set(org.auth).expect(200);
    for (const [classId, studentId] of [
      [cls.id, s.id],
      [cls.id, '00000000-0000-4000-8000-000000000000'],
      ['00000000-0000-4000-8000-000000000000', s.id],
    ]) {
      const page = await t.http
        .get(link(classId, studentId, 3))
        .set('Accept', HTML)
        .expect(403);
      expect(page.text).toContain('<h1>Link not valid</h1>');
      expect(page.text).toContain('This rating link is no longer valid.');
      const post = await t.http
        .post('/api/ratings')
        .set('Accept', HTML)
        .type('form')
        .send(form(classId, studentId, 3))
        .expect(403);
      expect(post.text).toContain('<h1>Link not valid</h1>');
    }
    // Malformed links and forms: the same page, 400.
    const sig = links.sign(cls.id, s.id, 3);
    for (const q of [
      `class=${cls.id}&student=${s.id}&rating=9&sig=${sig}`,
      `class=${cls.id}&student=${s.id}&rating=3`,
      `class=not-an-id&student=${s.id}&rating=3&sig=${sig}`,
      `class=${cls.id}&student=${s.id}&rating=3&sig=${sig}x`,
    ]) {
      const page = await t.http.get(`/api/ratings?${q}`).set('Accept', HTML).expect(400);
      expect(page.text).toContain('This rating link is not valid. Please use the link from your email.');
      const post = await t.http.post('/api/ratings').set('Accept', HTML).type('form').send(q).expect(400);
      expect(post.text).toContain('<h1>Link not valid</h1>');
    }
    // A client that does not ask for HTML gets the usual envelope.
    const json = await t.http.get(link(cls.id, s.id, 3).replace(/sig=./, 'sig=')).expect(400);
    expect(json.body).toEqual({ success: false, data: null, error: 'This rating link is not valid' });
    const gone = await t.http
      .post('/api/ratings')
      .send({ ...form(cls.id, s.id, 3), rating: 3 })
      .expect(403);
    expect(gone.body).toEqual({ success: false, data: null, error: 'This rating link is no longer valid' });
    expect(await t.db.query('SELECT rating FROM satisfaction_ratings WHERE class_id = $1', [cls.id])).toEqual([]);
  });

  it("should complete a class when its last session as moved ends, not when the schedule's last one would", async () => {
    const cls = await createClass(t, org, { title: 'Moved end', days: 2, schedule: 'Consecutive', duration: 60 });
    await t.db.query(`UPDATE classes SET start_date = now() - interval '3 days' WHERE id = $1`, [cls.id]);
    await shiftSessions(cls.id);
    const [, last] = (await t.http.get(`/api/classes/${cls.id}/sessions`).set(org.auth).expect(200)).body.data;
    await t.http
      .put(`/api/class-sessions/${last.id}`)
      .set(org.auth)
      .send({ startsAt: new Date(Date.now() + 86_400_000).toISOString() })
      .expect(200);
    await milestones.run();
    const mine = async (type: string) =>
      (await events(type)).filter((e: { metadata: { classId: string } }) => e.metadata.classId === cls.id).length;
    expect([await mine('class_started'), await mine('class_completion')]).toEqual([1, 0]);
    // Two days later the moved session has ended.
    await milestones.run(new Date(Date.now() + 2 * 86_400_000));
    expect(await mine('class_completion')).toBe(1);
    await t.db.query(`UPDATE classes SET status = 'Archived' WHERE id = $1`, [cls.id]);
  });
});

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The forms of a rating page: their action and hidden fields, in page order. */
function forms(html: string): Record<string, string>[] {
  return [...html.matchAll(/<form method="post" action="([^"]*)">(.*?)<\/form>/g)].map(([, action, inner]) => ({
    action,
    ...Object.fromEntries([...inner.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map(([, n, v]) => [n, v])),
  }));
}
