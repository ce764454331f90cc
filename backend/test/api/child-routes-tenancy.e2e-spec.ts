import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, createTeacher, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Ids {
  classId: string;
  studentId: string;
  enrollmentId: string;
  waiverId: string;
  endpointId: string;
}
type Caller = 'admin' | 'readKey' | 'writeKey' | 'teacher';

/**
 * Every route that lists (or adds to) the children of an id answers 404 for an id the caller cannot see, another
 * organization's or one that names nothing, as the routes of the record itself do: never 200 with an empty list,
 * which tells a stranger nothing less than a 404 and a client something wrong. Each route is tried with every kind
 * of caller it accepts: an admin's token, API keys (read, and read+write) and, where teachers may, a teacher's token.
 */
const ROUTES: { method: 'get' | 'post'; path: (i: Ids) => string; callers: Caller[]; body?: (i: Ids) => object }[] = [
  { method: 'get', path: (i) => `/api/enrollments/${i.enrollmentId}/waivers`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/enrollments/${i.enrollmentId}/refund-quote`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/enrollments/${i.enrollmentId}/transfer-options`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/students/${i.studentId}/activity`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/students/${i.studentId}/communications`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/students/${i.studentId}/export`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/classes/${i.classId}/students`, callers: ['admin', 'readKey', 'writeKey', 'teacher'] },
  { method: 'get', path: (i) => `/api/students/class/${i.classId}`, callers: ['admin', 'readKey', 'writeKey', 'teacher'] },
  { method: 'get', path: (i) => `/api/attendance/class/${i.classId}`, callers: ['admin', 'readKey', 'writeKey', 'teacher'] },
  { method: 'get', path: (i) => `/api/classes/${i.classId}/waitlist`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/export/classes/${i.classId}/roster.csv`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/teacher/classes/${i.classId}/sessions`, callers: ['teacher'] },
  { method: 'get', path: (i) => `/api/waivers/${i.waiverId}/acceptances`, callers: ['admin', 'readKey', 'writeKey'] },
  { method: 'get', path: (i) => `/api/webhook-endpoints/${i.endpointId}/deliveries`, callers: ['admin', 'readKey', 'writeKey'] },
  {
    method: 'post',
    path: (i) => `/api/waivers/${i.waiverId}/versions`,
    callers: ['admin', 'writeKey'],
    body: () => ({ body: 'New text.' }),
  },
  {
    method: 'post',
    path: (i) => `/api/waivers/${i.waiverId}/sign-links`,
    callers: ['admin', 'writeKey'],
    body: (i) => ({ studentId: i.studentId }),
  },
];

describe("routes listing an id's children", () => {
  let t: TestApp;
  let owner: OrgFixture;
  let ownerIds: Ids;
  const callers = {} as Record<Caller, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_INTERVAL_MS: '3600000' });
    owner = await createOrg(t, { plan: 'professional' });
    const stranger = await createOrg(t, { plan: 'professional' });
    const cls = await createClass(t, owner, { title: 'Owned class' });
    const waiver = (
      await t.http
        .post('/api/waivers')
        .set(owner.auth)
        .send({ title: 'Kiln safety', body: 'Kilns are hot.', classIds: [cls.id] })
        .expect(201)
    ).body.data;
    const endpoint = (
      await t.http
        .post('/api/webhook-endpoints')
        .set(owner.auth)
        .send({ url: 'https://hooks.example.com/owned', events: ['enrollment.created'] })
        .expect(201)
    ).body.data;
    // A signed registration: the enrollment has signatures, the student a history, the endpoint a delivery.
    const body = registerBody(owner.orgId, cls.id);
    const student = (
      await t.http
        .post('/api/students/register')
        .send({
          ...body,
          waiverAcceptances: [{ waiverVersionId: waiver.currentVersion.id, signedName: `${body.firstName} ${body.lastName}` }],
        })
        .expect(201)
    ).body.data;
    ownerIds = {
      classId: cls.id,
      studentId: student.id,
      enrollmentId: student.classEnrollments[0].id,
      waiverId: waiver.id,
      endpointId: endpoint.id,
    };
    const key = async (scopes: string[]) => {
      const res = await t.http
        .post('/api/api-keys')
        .set(stranger.auth)
        .send({ name: scopes.join('+'), scopes })
        .expect(201);
      return { Authorization: `Bearer ${res.body.data.secret}` };
    };
    callers.admin = stranger.auth;
    callers.readKey = await key(['read']);
    callers.writeKey = await key(['read', 'write']);
    callers.teacher = (await createTeacher(t, stranger)).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'get' | 'post', path: string, auth: Record<string, string>, body?: object) =>
    method === 'get'
      ? t.http.get(path).set(auth)
      : t.http
          .post(path)
          .set(auth)
          .send(body ?? {});

  it("should answer the owner's own ids (the table names real children)", async () => {
    for (const r of ROUTES.filter((x) => x.method === 'get' && !x.callers.includes('teacher') && x.callers.includes('admin'))) {
      const res = await call(r.method, r.path(ownerIds), owner.auth);
      expect([r.path(ownerIds), res.status]).toEqual([r.path(ownerIds), 200]);
    }
    const signatures = await t.http.get(`/api/enrollments/${ownerIds.enrollmentId}/waivers`).set(owner.auth).expect(200);
    expect(signatures.body.data).toHaveLength(1);
    const history = await t.http.get(`/api/students/${ownerIds.studentId}/activity`).set(owner.auth).expect(200);
    expect(history.body.data.length).toBeGreaterThan(0);
  });

  const cases = ROUTES.flatMap((r) =>
    r.callers.flatMap((caller) =>
      (['foreign', 'unknown'] as const).map((which) => ({
        ...r,
        caller,
        which,
        article: which === 'foreign' ? 'a' : 'an',
        label: `${r.method.toUpperCase()} ${r.path(ids(':id'))}`,
      })),
    ),
  );

  it.each(cases)('should answer 404 to $label for $article $which id ($caller)', async ({ method, path, body, caller, which }) => {
    const target = which === 'foreign' ? ownerIds : ids(UNKNOWN);
    const versions = await t.db.query('SELECT count(*)::int AS n FROM waiver_versions');
    const res = await call(method, path(target), callers[caller], body?.(target));
    expect([path(target), res.status, res.body.success, res.body.data]).toEqual([path(target), 404, false, null]);
    expect(await t.db.query('SELECT count(*)::int AS n FROM waiver_versions')).toEqual(versions);
  });
});

function ids(id: string): Ids {
  return { classId: id, studentId: id, enrollmentId: id, waiverId: id, endpointId: id };
}
