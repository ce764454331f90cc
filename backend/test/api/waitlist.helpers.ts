import { createClass, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import type { TestApp } from '../setup/test-app';

/** A class with `seats` seats, all taken by public registrations; the students' ids and emails. */
export async function fullClass(t: TestApp, org: OrgFixture, seats = 1, overrides: Record<string, unknown> = {}) {
  const cls = await createClass(t, org, { maxStudents: seats, ...overrides });
  const students: { id: string; email: string }[] = [];
  for (let i = 0; i < seats; i++) {
    const res = await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    students.push({ id: res.body.data.id, email: res.body.data.email });
  }
  return { cls, students };
}

export function joinBody(orgId: string, overrides: Record<string, unknown> = {}) {
  const { firstName, lastName, email, phone, communicationOptIn } = studentBody(overrides);
  return { organizationId: orgId, firstName, lastName, email, phone, communicationOptIn };
}

export async function join(t: TestApp, orgId: string, classId: string, overrides: Record<string, unknown> = {}) {
  const body = joinBody(orgId, overrides);
  const res = await t.http.post(`/api/classes/${classId}/waitlist`).send(body);
  if (res.status !== 201) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...(res.body.data as { entryId: string; position: number }), email: body.email, body };
}

/** Frees one seat the way an admin does: removing a student's enrollment. */
export async function freeSeat(t: TestApp, org: OrgFixture, studentId: string, classId: string) {
  await t.http.delete(`/api/students/${studentId}/enrollments/${classId}`).set(org.auth).expect(200);
}

export async function entry(t: TestApp, id: string) {
  const [row] = await t.db.query(
    `SELECT status, offer_count, offered_at, offer_expires_at, accepted_enrollment_id FROM waitlist_entries WHERE id = $1`,
    [id],
  );
  return row as {
    status: string;
    offer_count: number;
    offered_at: Date | null;
    offer_expires_at: Date | null;
    accepted_enrollment_id: string | null;
  };
}

export async function seats(t: TestApp, classId: string): Promise<{ enrolled: number; status: string }> {
  const [row] = await t.db.query('SELECT enrolled_students AS enrolled, status FROM classes WHERE id = $1', [classId]);
  return row;
}

/** The offer messages of an entry (every channel), oldest first. */
export async function offerMessages(t: TestApp, entryId: string) {
  return (await t.db.query(
    `SELECT channel, dedupe_key, to_address, subject, message, html FROM communications
      WHERE kind = 'waitlist_offer' AND recipient_id = $1 ORDER BY created_at, channel`,
    [entryId],
  )) as { channel: string; dedupe_key: string; to_address: string; subject: string | null; message: string; html: string | null }[];
}

/** The offer link's and leave link's tokens in the latest offer email of an entry. */
export async function tokensOf(t: TestApp, entryId: string) {
  const emails = (await offerMessages(t, entryId)).filter((m) => m.channel === 'email');
  const text = emails[emails.length - 1]?.message ?? '';
  return {
    offer: /\/waitlist\/offer\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '',
    leave: /\/waitlist\/leave\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '',
  };
}

/** The 'You're on the waitlist' messages of an entry. */
export async function joinMessages(t: TestApp, entryId: string) {
  return (await t.db.query(
    `SELECT channel, dedupe_key, to_address, subject, message FROM communications
      WHERE kind = 'waitlist_joined' AND recipient_id = $1 ORDER BY created_at`,
    [entryId],
  )) as { channel: string; dedupe_key: string; to_address: string; subject: string | null; message: string }[];
}

/** Moves an open offer's expiry into the past. */
export async function expireOffer(t: TestApp, entryId: string) {
  await t.db.query("UPDATE waitlist_entries SET offer_expires_at = now() - interval '1 second' WHERE id = $1", [entryId]);
}
