import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** RFC 4180 as the writer produces it: CRLF records, quoted fields with doubled quotes. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') quoted = false;
    else if (quoted) cell += ch;
    else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The class roster and students spreadsheets: one column per registration question, each person's answers on their row. */
describe('roster and students CSV downloads', () => {
  let t: TestApp;
  let o: OrgFixture;
  let other: OrgFixture;
  let cls: { id: string };
  let q: Record<string, { id: string }>;

  const text = (res: { body: unknown; text?: string }) => (Buffer.isBuffer(res.body) ? res.body.toString('utf8') : (res.text ?? ''));
  const csv = async (path: string, auth: Record<string, string>) => {
    const res = await t.http
      .get(path)
      .set(auth)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    const body = text(res);
    expect(body.charCodeAt(0)).toBe(0xfeff);
    return { rows: parse(body.slice(1)) as string[][], raw: body, disposition: res.headers['content-disposition'] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    cls = await createClass(t, o, { title: 'Pottery I', maxStudents: 20 });
    const add = async (key: string, body: Record<string, unknown>) => {
      q[key] = (await t.http.post('/api/registration-questions').set(o.auth).send(body).expect(201)).body.data;
    };
    q = {};
    await add('allergies', { label: 'Allergies', type: 'short_text', perAttendee: true });
    await add('pickup', { label: 'Who picks up?', type: 'short_text' });
    await add('days', { label: 'Days', type: 'multi_choice', options: ['Mon', 'Wed'] });
    await add('photo', { label: '=Photo consent', type: 'checkbox' });

    await t.http
      .post('/api/students/register')
      .send({
        ...registerBody(o.orgId, cls.id, { firstName: 'Zoe', lastName: 'Adams', email: 'zoe@example.com' }),
        answers: [
          { questionId: q.allergies.id, value: "=cmd|' /C calc'!A0" },
          { questionId: q.pickup.id, value: 'Me' },
          { questionId: q.days.id, value: ['Mon', 'Wed'] },
          { questionId: q.photo.id, value: true },
        ],
      })
      .expect(201);
    await t.http
      .post('/api/students/register')
      .send({
        ...registerBody(o.orgId, cls.id, { firstName: 'Dee', lastName: 'Baker', email: 'dee@example.com' }),
        attendees: [
          { firstName: 'Pia', lastName: 'Baker', answers: [{ questionId: q.allergies.id, value: 'Peanuts' }] },
          { firstName: 'Raul', lastName: 'Baker', answers: [{ questionId: q.allergies.id, value: 'None, "really"' }] },
        ],
        answers: [{ questionId: q.pickup.id, value: 'Dee, after 5' }],
      })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should put one column per question on the roster, each attendee’s own answers on their row, formulas defused', async () => {
    const { rows, disposition } = await csv(`/api/export/classes/${cls.id}/roster.csv`, o.auth);
    expect(disposition).toBe('attachment; filename="roster-pottery-i.csv"');
    const [header, ...people] = rows;
    expect(header.slice(-4)).toEqual(['Allergies', 'Who picks up?', 'Days', "'=Photo consent"]);
    const col = (name: string) => header.indexOf(name);
    const row = (first: string) => people.find((r) => r[0] === first)!;
    expect(people.map((r) => r[0])).toEqual(['Zoe', 'Pia', 'Raul']);
    expect(row('Zoe').slice(-4)).toEqual(["'=cmd|' /C calc'!A0", 'Me', 'Mon, Wed', 'Yes']);
    expect(row('Pia').slice(-4)).toEqual(['Peanuts', 'Dee, after 5', '', '']);
    expect(row('Raul').slice(-4)).toEqual(['None, "really"', 'Dee, after 5', '', '']);
    expect(row('Pia')[col('Household contact')]).toBe('Dee Baker');
    expect(row('Zoe')[col('Status')]).toBe('active');
  });

  it('should put the answers on each student’s row in the students CSV', async () => {
    const { rows } = await csv('/api/export/students.csv', o.auth);
    const [header, ...people] = rows;
    expect(header.slice(0, 2)).toEqual(['First name', 'Last name']);
    expect(header.slice(-4)).toEqual(['Allergies', 'Who picks up?', 'Days', "'=Photo consent"]);
    const row = (first: string) => people.find((r) => r[0] === first)!;
    expect(people.map((r) => r[0])).toEqual(['Zoe', 'Dee', 'Pia', 'Raul']);
    expect(row('Zoe').slice(-4)).toEqual(["'=cmd|' /C calc'!A0", 'Me', 'Mon, Wed', 'Yes']);
    expect(row('Raul').slice(-4)).toEqual(['None, "really"', 'Dee, after 5', '', '']);
    // The contact registered others and answered only the shared questions, on their attendees' enrollments.
    expect(row('Dee').slice(-4)).toEqual(['', '', '', '']);
  });

  it("should keep each organization's people to itself", async () => {
    await t.http.get(`/api/export/classes/${cls.id}/roster.csv`).set(other.auth).expect(404);
    const { rows } = await csv('/api/export/students.csv', other.auth);
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toContain('Allergies');
    await t.http.get('/api/export/students.csv').expect(401);
    await t.http.get('/api/export/classes/not-an-id/roster.csv').set(o.auth).expect(404);
  });
});
