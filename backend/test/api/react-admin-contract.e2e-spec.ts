import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import simpleRestProvider from 'ra-data-simple-rest';
import { classBody, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { envelopeClient, type HttpError, type Rec } from '../fixtures/react-admin-client.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The react-admin contract: the UNMODIFIED ra-data-simple-rest client, over real HTTP, through
 * all nine methods, for every resource the admin app declares (admin-ui/src/AdminApp.tsx: classes, students).
 * A wave-2 resource is one more row in RESOURCES.
 */

interface ResourceRow {
  name: string;
  /** A valid new record; `n` makes it unique. */
  create: (n: number, ctx: Ctx) => Record<string, unknown>;
  /** A field the list sorts by, and how to read it from a record. */
  sort: { field: string; value: (r: Rec) => string };
  /** A full-text filter value that matches only record 0 of the created set. */
  q: (n: number) => string;
  /** getManyReference: the target field and the id of a record of another resource that has records 0 and 1. */
  reference: { target: string; id: (ctx: Ctx) => string };
  /** The update sent by update(): a full record (PUT replaces the record) and the field it changes. */
  update: (r: Rec) => Record<string, unknown>;
  updatedField: [string, unknown];
  /**
   * updateMany sends the same data to every id. 'ok': it works with a full record. Otherwise the clear
   * 4xx the API answers by design, and why.
   */
  updateMany: 'ok' | { status: number; why: string };
  delete: 'ok' | { status: number; why: string };
}

interface Ctx {
  org: OrgFixture;
  classIds: string[];
  studentIds: string[];
}

const stripReadOnly = (r: Rec) => {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = r;
  return rest;
};

const RESOURCES: ResourceRow[] = [
  {
    name: 'classes',
    create: (n) =>
      classBody({
        title: `Contract class ${n} ${n === 0 ? 'zebra' : ''}`.trim(),
        startDate: new Date(Date.now() + (n + 2) * 86400000).toISOString(),
      }),
    sort: { field: 'title', value: (r) => String(r.title).toLowerCase() },
    q: () => 'zebra',
    // Classes a student is enrolled in: the student's enrollments name records 0 and 1.
    reference: { target: 'studentId', id: (ctx) => ctx.studentIds[0] },
    update: (r) => ({ ...classBody(), title: `${r.title} (edited)`, location: 'Studio Z' }),
    updatedField: ['location', 'Studio Z'],
    updateMany: 'ok',
    delete: 'ok',
  },
  {
    name: 'students',
    create: (n, ctx) => ({
      firstName: n === 0 ? 'Zebediah' : `Ann`,
      lastName: `Contract${'abcdefgh'[n]}`,
      email: `contract${n}@example.com`,
      phone: `55955501${String(n).padStart(2, '0')}`,
      classEnrollments: n < 2 ? [{ classId: ctx.classIds[0] }] : [],
    }),
    sort: { field: 'lastName', value: (r) => String(r.lastName).toLowerCase() },
    q: () => 'zebediah',
    // Students enrolled in a class: records 0 and 1 are enrolled in the first class.
    reference: { target: 'classId', id: (ctx) => ctx.classIds[0] },
    update: (r) => ({ ...stripReadOnly(r), firstName: 'Edited' }),
    updatedField: ['firstName', 'Edited'],
    // PUT /students/:id replaces the whole record and an email is unique per organization: one body for
    // two students cannot be valid. The admin app has no bulk edit of students.
    updateMany: { status: 409, why: 'the same email for two students' },
    delete: 'ok',
  },
  {
    // The Communication Center's templates; getManyReference narrows by `kind`.
    name: 'communications/templates',
    create: (n) => ({
      name: n === 0 ? 'Zebra notice' : `Notice ${'abc'[n]}`,
      type: 'email',
      kind: n < 2 ? 'reminder' : 'manual',
      subject_template: '{{className}} tomorrow',
      message_template: `Hi {{firstName}}, see you at {{location}} (${n})`,
      is_active: true,
    }),
    sort: { field: 'name', value: (r) => String(r.name).toLowerCase() },
    q: () => 'zebra',
    reference: { target: 'kind', id: () => 'reminder' },
    update: (r) => {
      const { id: _id, created_at: _c, updated_at: _u, ...rest } = r;
      return { ...rest, message_template: 'Edited {{firstName}}' };
    },
    updatedField: ['message_template', 'Edited {{firstName}}'],
    updateMany: 'ok',
    delete: 'ok',
  },
];

describe('react-admin contract (ra-data-simple-rest, unmodified)', () => {
  let t: TestApp;
  let ctx: Ctx;
  const seen: { contentRange?: string | null } = {};
  let dp: ReturnType<typeof simpleRestProvider>;
  const created: Record<string, Rec[]> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const org = await createOrg(t, { plan: 'professional' });
    dp = simpleRestProvider(`http://127.0.0.1:${port}/api`, envelopeClient(org.token, seen) as never);
    ctx = { org, classIds: [], studentIds: [] };
    // Three records of each resource, created through the client (create is the first method under test).
    for (const row of RESOURCES) {
      created[row.name] = [];
      for (let n = 0; n < 3; n++) {
        const { data } = await dp.create(row.name, { data: row.create(n, ctx) });
        expect(data.id).toEqual(expect.any(String));
        created[row.name].push(data as Rec);
        if (row.name === 'classes') ctx.classIds.push(String(data.id));
        if (row.name === 'students') ctx.studentIds.push(String(data.id));
      }
    }
    // The first student is also enrolled in the second class: getManyReference of classes finds two.
    const s0 = created.students[0];
    await dp.update('students', {
      id: s0.id,
      previousData: s0,
      data: { ...stripReadOnly(s0), classEnrollments: [{ classId: ctx.classIds[0] }, { classId: ctx.classIds[1] }] },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (name, row) => {
    it('getList: sort, range, filter and Content-Range', async () => {
      const page1 = await dp.getList(name, {
        pagination: { page: 1, perPage: 2 },
        sort: { field: row.sort.field, order: 'DESC' },
        filter: {},
      });
      expect(page1.total).toBe(3);
      expect(page1.data).toHaveLength(2);
      expect(seen.contentRange).toBe(`${name} 0-1/3`);
      const all = created[name].map(row.sort.value).sort().reverse();
      expect(page1.data.map((r) => row.sort.value(r as Rec))).toEqual(all.slice(0, 2));
      const page2 = await dp.getList(name, {
        pagination: { page: 2, perPage: 2 },
        sort: { field: row.sort.field, order: 'DESC' },
        filter: {},
      });
      expect(page2.total).toBe(3);
      expect(page2.data.map((r) => row.sort.value(r as Rec))).toEqual(all.slice(2));
      expect(seen.contentRange).toBe(`${name} 2-2/3`);
      const asc = await dp.getList(name, {
        pagination: { page: 1, perPage: 10 },
        sort: { field: row.sort.field, order: 'ASC' },
        filter: {},
      });
      expect(asc.data.map((r) => row.sort.value(r as Rec))).toEqual([...all].reverse());
      const filtered = await dp.getList(name, {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: row.q(0) },
      });
      expect(filtered.total).toBe(1);
      expect(filtered.data[0].id).toBe(created[name][0].id);
      // A page past the end is empty and still says the total.
      const past = await dp.getList(name, { pagination: { page: 5, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect(past).toEqual({ data: [], total: 3 });
      expect(seen.contentRange).toBe(`${name} 40-40/3`);
    });

    it('getOne', async () => {
      const { data } = await dp.getOne(name, { id: created[name][1].id });
      expect(data.id).toBe(created[name][1].id);
    });

    it('getMany: filter.id as an array, a single id and ids that do not exist', async () => {
      const ids = [created[name][0].id, created[name][2].id];
      const { data } = await dp.getMany(name, { ids });
      expect(data.map((r) => r.id).sort()).toEqual([...ids].sort());
      const one = await dp.getMany(name, { ids: [created[name][1].id] });
      expect(one.data.map((r) => r.id)).toEqual([created[name][1].id]);
      const none = await dp.getMany(name, { ids: ['00000000-0000-4000-8000-000000000000', 'not-an-id'] });
      expect(none.data).toEqual([]);
      // A single id (not an array) in filter.id, as other react-admin code may send it.
      const single = await dp.getList(name, {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { id: created[name][2].id },
      });
      expect(single.data.map((r) => r.id)).toEqual([created[name][2].id]);
    });

    it('getMany never crosses organizations', async () => {
      const other = await createOrg(t, { plan: 'professional' });
      const res = await fetch(
        `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/${name}?filter=${encodeURIComponent(JSON.stringify({ id: created[name].map((r) => r.id) }))}`,
        { headers: other.auth },
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toEqual([]);
    });

    it('getManyReference: the target field narrows the list, with sort, range and total', async () => {
      const res = await dp.getManyReference(name, {
        target: row.reference.target,
        id: row.reference.id(ctx),
        pagination: { page: 1, perPage: 1 },
        sort: { field: row.sort.field, order: 'ASC' },
        filter: {},
      });
      expect(res.total).toBe(2);
      expect(res.data).toHaveLength(1);
      expect(seen.contentRange).toBe(`${name} 0-0/2`);
      const both = await dp.getManyReference(name, {
        target: row.reference.target,
        id: row.reference.id(ctx),
        pagination: { page: 1, perPage: 10 },
        sort: { field: row.sort.field, order: 'ASC' },
        filter: {},
      });
      expect(both.data.map((r) => r.id).sort()).toEqual([created[name][0].id, created[name][1].id].sort());
      const unknown = await dp.getManyReference(name, {
        target: row.reference.target,
        id: '00000000-0000-4000-8000-000000000000',
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      });
      expect(unknown).toEqual({ data: [], total: 0 });
    });

    it("update: the record as getOne returns it, sent back with one change (react-admin's edit form)", async () => {
      // Record 1 has an enrollment (students): its read-only fields (paidAt, classTitle, ...) must be accepted back.
      const target = (await dp.getOne(name, { id: created[name][1].id })).data as Rec;
      const { data } = await dp.update(name, { id: target.id, previousData: target, data: row.update(target) });
      expect(data.id).toBe(target.id);
      expect(data[row.updatedField[0]]).toEqual(row.updatedField[1]);
    });

    it('updateMany', async () => {
      const ids = [created[name][1].id, created[name][2].id];
      if (row.updateMany === 'ok') {
        const body = row.update(created[name][1]);
        const { data } = await dp.updateMany(name, { ids, data: body });
        expect([...(data ?? [])].sort()).toEqual([...ids].sort());
        const { data: after } = await dp.getMany(name, { ids });
        for (const r of after) expect(r[row.updatedField[0]]).toEqual(row.updatedField[1]);
      } else {
        const err = (await dp.updateMany(name, { ids, data: row.update(created[name][1]) }).catch((e) => e)) as HttpError;
        expect({ status: err.status, error: err.body?.error }).toEqual({ status: row.updateMany.status, error: expect.any(String) });
        expect(err.body).toEqual(expect.objectContaining({ success: false, data: null, error: expect.any(String) }));
      }
      // A partial body (what a bulk "set status" would send) is refused with 400 and the missing fields named.
      const partial = (await dp.updateMany(name, { ids, data: { status: 'x' } }).catch((e) => e)) as HttpError;
      expect(partial.status).toBe(400);
      expect(partial.body).toEqual(expect.objectContaining({ success: false, data: null, errors: expect.any(Object) }));
    });
  });

  // Last, and dependants first (students are enrolled in classes): deleting leaves the other rows' fixtures intact.
  describe.each([...RESOURCES].reverse().map((r) => [r.name, r] as const))('%s', (name, row) => {
    it('delete and deleteMany', async () => {
      if (row.delete !== 'ok') {
        const err = (await dp.delete(name, { id: created[name][0].id }).catch((e) => e)) as HttpError;
        expect(err.status).toBe(row.delete.status);
        return;
      }
      const { data } = await dp.delete(name, { id: created[name][0].id, previousData: created[name][0] });
      expect(data.id).toBe(created[name][0].id);
      const many = await dp.deleteMany(name, { ids: [created[name][1].id, created[name][2].id] });
      expect([...(many.data ?? [])].sort()).toEqual([created[name][1].id, created[name][2].id].sort());
      const rest = await dp.getList(name, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect(rest).toEqual({ data: [], total: 0 });
      const gone = (await dp.getOne(name, { id: created[name][0].id }).catch((e) => e)) as HttpError;
      expect(gone.status).toBe(404);
    });
  });
});
