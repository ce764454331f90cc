import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WaitlistExpiryService } from '../../src/modules/waitlist/waitlist-expiry.service';
import { classBody, createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { entry, expireOffer, freeSeat, fullClass, join, joinBody, joinMessages, offerMessages, seats, tokensOf } from './waitlist.helpers';

describe('waitlist with timed seat offers', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let waitlist: WaitlistExpiryService;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false', PUBLIC_URL: 'https://site.example' });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    waitlist = t.app.get(WaitlistExpiryService);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should answer the position, the same entry for the same email, and refuse a class with a free seat', async () => {
    const { cls, students } = await fullClass(t, org, 1);
    const a = await join(t, org.orgId, cls.id);
    const b = await join(t, org.orgId, cls.id);
    expect([a.position, b.position]).toEqual([1, 2]);
    const again = await t.http
      .post(`/api/classes/${cls.id}/waitlist`)
      .send({ ...a.body, email: a.email.toUpperCase(), firstName: 'Other' })
      .expect(201);
    expect(again.body.data).toEqual({ entryId: a.entryId, position: 1 });
    // One 'You're on the waitlist' email per entry, with the place and a leave link; joining again queues none.
    const joined = await joinMessages(t, a.entryId);
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ channel: 'email', dedupe_key: `waitlist-joined:${a.entryId}:email`, to_address: a.email });
    expect(joined[0].subject).toBe(`You're on the waitlist: ${cls.title}`);
    expect(joined[0].message).toContain('You are number 1 on the waitlist for');
    expect(joined[0].message).toMatch(/https:\/\/site\.example\/waitlist\/leave\/l[0-9a-f]{32}0\.[A-Za-z0-9_-]{22}/);
    expect((await joinMessages(t, b.entryId))[0].message).toContain('You are number 2 on the waitlist for');
    expect((await t.db.query('SELECT count(*)::int AS n FROM waitlist_entries WHERE class_id = $1', [cls.id]))[0].n).toBe(2);

    const enrolled = await t.http
      .post(`/api/classes/${cls.id}/waitlist`)
      .send(joinBody(org.orgId, { email: students[0].email }))
      .expect(409);
    expect(enrolled.body.error).toBe(`You are already enrolled in ${cls.title} (Payment Pending).`);
    const open = await createClass(t, org, { maxStudents: 2 });
    const refused = await t.http.post(`/api/classes/${open.id}/waitlist`).send(joinBody(org.orgId)).expect(409);
    expect(refused.body.error).toBe(`${open.title} still has a free seat. Please register instead of joining the waitlist.`);
    const closed = await createClass(t, org, { maxStudents: 2, status: 'Closed' });
    const closedRes = await t.http.post(`/api/classes/${closed.id}/waitlist`).send(joinBody(org.orgId)).expect(409);
    expect(closedRes.body.error).toBe(`${closed.title} is not open for registration, so its waitlist is closed.`);
    // The class named with another organization's id is not found, and nothing is written.
    await t.http.post(`/api/classes/${cls.id}/waitlist`).send(joinBody(other.orgId)).expect(404);
    const bad = await t.http
      .post(`/api/classes/${cls.id}/waitlist`)
      .send({ ...joinBody(org.orgId), email: 'nope' })
      .expect(400);
    expect(bad.body.success).toBe(false);
  });

  it("should tell the public pages when a class's waitlist is open (full and running; not when closed by hand)", async () => {
    // The class page's read (public, no token).
    const waitlistOpen = async (id: string) =>
      (await t.http.get(`/api/classes/${id}?organizationId=${org.orgId}`).expect(200)).body.data.waitlistOpen as boolean;
    // Open and filled: the seat update closed it itself, and the waitlist takes entries.
    const { cls } = await fullClass(t, org, 1);
    expect((await seats(t, cls.id)).status).toBe('Closed');
    expect(await waitlistOpen(cls.id)).toBe(true);
    // A free seat: register instead.
    const open = await createClass(t, org, { maxStudents: 2 });
    expect(await waitlistOpen(open.id)).toBe(false);
    // Closed by hand, then full (its seats lowered to the one taken): the server refuses entries, so the page must not
    // offer them.
    const { cls: closed } = await fullClass(t, org, 1, { maxStudents: 2 });
    const edit = (changes: Record<string, unknown>) =>
      t.http
        .put(`/api/classes/${closed.id}`)
        .set(org.auth)
        .send(classBody({ title: closed.title, ...changes }))
        .expect(200);
    await edit({ maxStudents: 2, status: 'Closed' });
    await edit({ maxStudents: 1, status: 'Closed' });
    expect(await seats(t, closed.id)).toEqual({ enrolled: 1, status: 'Closed' });
    expect(await waitlistOpen(closed.id)).toBe(false);
    const refused = await t.http.post(`/api/classes/${closed.id}/waitlist`).send(joinBody(org.orgId)).expect(409);
    expect(refused.body.error).toBe(`${closed.title} is not open for registration, so its waitlist is closed.`);
  });

  it('should hold a freed seat for the first person at once, never for a public registrant, and queue the offer once', async () => {
    const { cls, students } = await fullClass(t, org, 1);
    const a = await join(t, org.orgId, cls.id, { communicationOptIn: true });
    const b = await join(t, org.orgId, cls.id, { communicationOptIn: false });
    await freeSeat(t, org, students[0].id, cls.id);
    expect(await seats(t, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    const offered = await entry(t, a.entryId);
    expect(offered.status).toBe('offered');
    const hours = (new Date(offered.offer_expires_at!).getTime() - new Date(offered.offered_at!).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 5);
    expect((await entry(t, b.entryId)).status).toBe('waiting');
    // The held seat is not for the public.
    const pub = await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(409);
    expect(pub.body.error).toBe('This class is full. No seats are left.');
    const msgs = await offerMessages(t, a.entryId);
    expect(msgs.map((m) => [m.channel, m.dedupe_key])).toEqual([
      ['email', `waitlist-offer:${a.entryId}:1:email`],
      ['sms', `waitlist-offer:${a.entryId}:1:sms`],
    ]);
    const email = msgs[0];
    expect(email.subject).toBe(`A seat is yours: ${cls.title}`);
    expect(email.to_address).toBe(a.email);
    expect(email.message).toContain('https://site.example/waitlist/offer/');
    expect(email.message).toContain('https://site.example/waitlist/leave/');
    expect(email.html).toContain('>Register into your seat</a>');
    // The offer's expiry is a real time (the UPDATE's returned row, not 'Invalid Date').
    expect(email.message).not.toContain('Invalid Date');
    // The opted-out person's offer is email only (checked on the next person below), and the job re-running does nothing.
    await waitlist.sweep();
    await waitlist.lapseExpired();
    expect(await offerMessages(t, a.entryId)).toHaveLength(2);

    const { offer } = await tokensOf(t, a.entryId);
    const details = await t.http.get(`/api/waitlist/offers/${offer}`).expect(200);
    expect(details.body.data).toEqual({
      entryId: a.entryId,
      status: 'offered',
      classId: cls.id,
      organizationId: org.orgId,
      classTitle: cls.title,
      startDate: expect.any(String),
      offerExpiresAt: new Date(offered.offer_expires_at!).toISOString(),
      price: 100,
      discountPrice: 80,
      firstName: a.body.firstName,
      lastName: a.body.lastName,
      email: a.email,
      phone: a.body.phone,
      communicationOptIn: true,
      acceptsCard: false,
      // What registering with the offer is charged: the price quote (here the class's discount price).
      amount: 80,
    });
    await t.http.get(`/api/waitlist/offers/${offer.slice(0, -2)}xx`).expect(404);
    await t.http.get('/api/waitlist/offers/nonsense').expect(404);
  });

  it('should register into the held seat in person without a second seat; the link then answers 410', async () => {
    const { cls, students } = await fullClass(t, org, 2);
    const a = await join(t, org.orgId, cls.id);
    await freeSeat(t, org, students[0].id, cls.id);
    const { offer } = await tokensOf(t, a.entryId);
    // Another email than the offer's: refused, nothing taken.
    const wrong = await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, cls.id), waitlistOfferToken: offer })
      .expect(409);
    expect(wrong.body.error).toBe(
      'This seat was offered to another email address. Please register with the email address the offer was sent to.',
    );
    const res = await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, cls.id, { email: a.email }), waitlistOfferToken: offer })
      .expect(201);
    const enrollmentId = res.body.data.classEnrollments[0].id;
    expect(await entry(t, a.entryId)).toMatchObject({ status: 'accepted', accepted_enrollment_id: enrollmentId });
    expect(await seats(t, cls.id)).toEqual({ enrolled: 2, status: 'Closed' });
    const [enr] = await t.db.query('SELECT status FROM enrollments WHERE id = $1', [enrollmentId]);
    expect(enr.status).toBe('active');
    const used = await t.http.get(`/api/waitlist/offers/${offer}`).expect(410);
    expect(used.body.error).toBe('This offer has already been used to register.');
    const twice = await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, cls.id, { email: `x${a.email}` }), waitlistOfferToken: offer })
      .expect(410);
    expect(twice.body.success).toBe(false);
    expect(await seats(t, cls.id)).toEqual({ enrolled: 2, status: 'Closed' });
  });

  it('should say when the registration made from an accepted offer is cancelled or removed later', async () => {
    const { cls, students } = await fullClass(t, org, 2);
    const a = await join(t, org.orgId, cls.id);
    const b = await join(t, org.orgId, cls.id);
    await freeSeat(t, org, students[0].id, cls.id);
    const tokensA = await tokensOf(t, a.entryId);
    const regA = await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, cls.id, { email: a.email }), waitlistOfferToken: tokensA.offer })
      .expect(201);
    const list = async () =>
      Object.fromEntries(
        ((await t.http.get(`/api/classes/${cls.id}/waitlist`).set(org.auth).expect(200)).body.data as { id: string; status: string }[]).map(
          (x) => [x.id, x],
        ),
      );
    expect((await list())[a.entryId]).toMatchObject({ status: 'accepted', registrationCancelledAt: null });
    // While the registration stands, leaving is cancelling it: the organization's to do.
    await t.http.post(`/api/waitlist/leave/${tokensA.leave}`).expect(409);

    // The admin cancels it: the entry says so (and when); the freed seat goes to the next person.
    const cancelled = await t.http
      .post(`/api/enrollments/${regA.body.data.classEnrollments[0].id}/cancel`)
      .set(org.auth)
      .send({})
      .expect(200);
    const afterCancel = await list();
    expect(afterCancel[a.entryId]).toMatchObject({
      status: 'registration_cancelled',
      registrationCancelledAt: cancelled.body.data.cancelledAt,
    });
    expect(afterCancel[b.entryId].status).toBe('offered');
    expect((await t.http.get(`/api/waitlist/offers/${tokensA.offer}`).expect(410)).body.error).toBe(
      'This offer was used to register, and that registration has since been cancelled.',
    );
    // Nothing left to leave: the link answers as for anyone no longer on the list, and changes nothing.
    expect((await t.http.post(`/api/waitlist/leave/${tokensA.leave}`).expect(200)).body.data).toEqual({ status: 'left' });
    expect((await entry(t, a.entryId)).status).toBe('accepted');

    // The next person registers with their offer, and the admin removes that registration (kept as cancelled, as any cancel).
    const { offer } = await tokensOf(t, b.entryId);
    const regB = await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, cls.id, { email: b.email }), waitlistOfferToken: offer })
      .expect(201);
    expect((await list())[b.entryId].status).toBe('accepted');
    await freeSeat(t, org, regB.body.data.id, cls.id);
    const [{ cancelled_at: removedAt }] = await t.db.query('SELECT cancelled_at FROM enrollments WHERE id = $1', [
      regB.body.data.classEnrollments[0].id,
    ]);
    expect((await list())[b.entryId]).toMatchObject({
      status: 'registration_cancelled',
      registrationCancelledAt: (removedAt as Date).toISOString(),
    });
  });

  it('should pass a lapsed offer down a chain of three people, then give the seat to the public', async () => {
    const { cls, students } = await fullClass(t, org, 1);
    const people = [await join(t, org.orgId, cls.id), await join(t, org.orgId, cls.id), await join(t, org.orgId, cls.id)];
    await freeSeat(t, org, students[0].id, cls.id);
    for (let i = 0; i < 3; i++) {
      expect((await entry(t, people[i].entryId)).status).toBe('offered');
      expect(await seats(t, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
      const { offer } = await tokensOf(t, people[i].entryId);
      await expireOffer(t, people[i].entryId);
      // Past its expiry but not yet lapsed by the job: the link already says so, and registering with it is refused.
      const late = await t.http.get(`/api/waitlist/offers/${offer}`).expect(410);
      expect(late.body.error).toBe('This offer has expired and the seat has gone to the next person on the waitlist.');
      expect(await waitlist.lapseExpired()).toBe(1);
      expect((await entry(t, people[i].entryId)).status).toBe('lapsed');
    }
    expect(await seats(t, cls.id)).toEqual({ enrolled: 0, status: 'Open' });
    await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    for (const p of people) expect(await offerMessages(t, p.entryId)).toHaveLength(2);
  });

  it('should let the admin list, move, remove and offer, and fill raised capacity from the list', async () => {
    const { cls, students } = await fullClass(t, org, 1);
    const [a, b, c] = [await join(t, org.orgId, cls.id), await join(t, org.orgId, cls.id), await join(t, org.orgId, cls.id)];
    const moved = await t.http.post(`/api/waitlist/${c.entryId}/move`).set(org.auth).send({ position: 1 }).expect(200);
    expect(moved.body.data.map((e: { id: string; position: number }) => [e.id, e.position])).toEqual([
      [c.entryId, 1],
      [a.entryId, 2],
      [b.entryId, 3],
    ]);
    const none = await t.http.post(`/api/waitlist/${b.entryId}/offer`).set(org.auth).expect(409);
    expect(none.body.error).toBe('No seat is free to offer');
    // A freed seat goes to the first in the new order.
    await freeSeat(t, org, students[0].id, cls.id);
    expect((await entry(t, c.entryId)).status).toBe('offered');
    // Removing the offered person passes the seat on.
    const removed = await t.http.delete(`/api/waitlist/${c.entryId}`).set(org.auth).expect(200);
    expect(removed.body.data).toMatchObject({ id: c.entryId, status: 'removed', position: null });
    expect((await entry(t, a.entryId)).status).toBe('offered');
    expect(await seats(t, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    // Raising the capacity offers the new seat at once.
    await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send(classBody({ maxStudents: 2, title: cls.title }))
      .expect(200);
    expect((await entry(t, b.entryId)).status).toBe('offered');
    expect(await seats(t, cls.id)).toEqual({ enrolled: 2, status: 'Closed' });
    const list = await t.http.get(`/api/classes/${cls.id}/waitlist`).set(org.auth).expect(200);
    expect(list.body.data.map((e: { id: string; status: string; position: number | null }) => [e.id, e.status, e.position])).toEqual([
      [a.entryId, 'offered', 1],
      [b.entryId, 'offered', 2],
      [c.entryId, 'removed', null],
    ]);
    expect(Object.keys(list.body.data[0]).sort()).toEqual(
      [
        'communicationOptIn',
        'email',
        'firstName',
        'id',
        'joinedAt',
        'lastName',
        'offerExpiresAt',
        'offeredAt',
        'phone',
        'position',
        'registrationCancelledAt',
        'status',
      ].sort(),
    );
    // Offer now: a lapsed person gets a new offer (a new link) when a seat is free.
    await t.http.delete(`/api/waitlist/${b.entryId}`).set(org.auth).expect(200);
    expect(await seats(t, cls.id)).toEqual({ enrolled: 1, status: 'Open' }); // nobody waiting: the seat is the public's
    await expireOffer(t, a.entryId);
    await waitlist.lapseExpired();
    expect((await entry(t, a.entryId)).status).toBe('lapsed');
    expect(await seats(t, cls.id)).toEqual({ enrolled: 0, status: 'Open' });
    const old = (await tokensOf(t, a.entryId)).offer;
    const again = await t.http.post(`/api/waitlist/${a.entryId}/offer`).set(org.auth).expect(200);
    expect(again.body.data).toMatchObject({ id: a.entryId, status: 'offered', position: 1 });
    expect((await entry(t, a.entryId)).offer_count).toBe(2);
    const replaced = await t.http.get(`/api/waitlist/offers/${old}`).expect(410);
    expect(replaced.body.error).toBe('This offer has been replaced by a newer one. Please use the link from your latest email.');
    await t.http.get(`/api/waitlist/offers/${(await tokensOf(t, a.entryId)).offer}`).expect(200);
    const twice = await t.http.post(`/api/waitlist/${a.entryId}/offer`).set(org.auth).expect(409);
    expect(twice.body.error).toBe('This person already has an open offer.');
    await t.http.post(`/api/waitlist/${a.entryId}/move`).set(org.auth).send({ position: 0 }).expect(400);
  });

  it('should let a person leave through the signed link, passing an offered seat on', async () => {
    const { cls, students } = await fullClass(t, org, 1);
    const a = await join(t, org.orgId, cls.id);
    const b = await join(t, org.orgId, cls.id);
    await freeSeat(t, org, students[0].id, cls.id);
    const { leave, offer } = await tokensOf(t, a.entryId);
    await t.http.post(`/api/waitlist/leave/${offer}`).expect(404); // an offer link is not a leave link
    const res = await t.http.post(`/api/waitlist/leave/${leave}`).expect(200);
    expect(res.body.data).toEqual({ status: 'left' });
    expect((await entry(t, a.entryId)).status).toBe('left');
    expect((await entry(t, b.entryId)).status).toBe('offered');
    expect(await seats(t, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    await t.http.post(`/api/waitlist/leave/${leave}`).expect(200);
    expect((await t.http.get(`/api/waitlist/offers/${offer}`).expect(410)).body.error).toBe(
      'You have left the waitlist, so this offer is no longer valid.',
    );
    await t.http.post('/api/waitlist/leave/abc.def').expect(404);
    // A person still waiting leaves with the link of the 'You're on the waitlist' email.
    const c = await join(t, org.orgId, cls.id);
    const link = /\/waitlist\/leave\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec((await joinMessages(t, c.entryId))[0].message)![1];
    await t.http.post(`/api/waitlist/leave/${link}`).expect(200);
    expect((await entry(t, c.entryId)).status).toBe('left');
  });

  it("should keep every admin route to the caller's organization (another's ids: 404, nothing changed)", async () => {
    const { cls, students } = await fullClass(t, org, 1);
    const a = await join(t, org.orgId, cls.id);
    const b = await join(t, org.orgId, cls.id);
    await freeSeat(t, org, students[0].id, cls.id);
    const before = await t.db.query('SELECT id, status, sort_key, offer_count FROM waitlist_entries WHERE class_id = $1 ORDER BY id', [
      cls.id,
    ]);
    await t.http.get(`/api/classes/${cls.id}/waitlist`).set(other.auth).expect(404);
    await t.http.delete(`/api/waitlist/${a.entryId}`).set(other.auth).expect(404);
    await t.http.post(`/api/waitlist/${b.entryId}/offer`).set(other.auth).expect(404);
    await t.http.post(`/api/waitlist/${b.entryId}/move`).set(other.auth).send({ position: 1 }).expect(404);
    for (const path of [`/api/classes/${cls.id}/waitlist`]) await t.http.get(path).expect(401);
    await t.http.delete(`/api/waitlist/${a.entryId}`).expect(401);
    expect(
      await t.db.query('SELECT id, status, sort_key, offer_count FROM waitlist_entries WHERE class_id = $1 ORDER BY id', [cls.id]),
    ).toEqual(before);
    // A teacher of the organization is not an admin.
    expect(await seats(t, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
  });

  it('should use the organization setting waitlistOfferHours (1-168)', async () => {
    const own = await t.http.get(`/api/organizations/${org.orgId}`).set(org.auth).expect(200);
    const put = (settings: Record<string, unknown>) =>
      t.http
        .put(`/api/organizations/${org.orgId}`)
        .set(org.auth)
        .send({ name: own.body.data.name, settings: { ...settings } });
    expect((await put({ waitlistOfferHours: 0 })).status).toBe(400);
    expect((await put({ waitlistOfferHours: 169 })).status).toBe(400);
    expect((await put({ waitlistOfferHours: 2.5 })).status).toBe(400);
    await put({ waitlistOfferHours: 2 }).expect(200);
    const { cls, students } = await fullClass(t, org, 1);
    const a = await join(t, org.orgId, cls.id);
    await freeSeat(t, org, students[0].id, cls.id);
    const e = await entry(t, a.entryId);
    expect((new Date(e.offer_expires_at!).getTime() - new Date(e.offered_at!).getTime()) / 3_600_000).toBeCloseTo(2, 5);
    await put({ waitlistOfferHours: 24 }).expect(200);
  });
});
