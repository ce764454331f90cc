import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFParse } from 'pdf-parse';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** supertest: keep a download's bytes as a Buffer. */
const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF records) to read back what the server wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const NASTY = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)', '\tTabbed', 'Café, "quoted" ünïcode'];

describe('report downloads (CSV and PDF)', () => {
  let t: TestApp;
  let org: OrgFixture;
  const range = 'startDate=2026-11-01&endDate=2026-11-30';

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'essential', name: 'Fresno Pottery Guild' });
    await t.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({ name: 'Fresno Pottery Guild', settings: { timeZone: 'UTC' }, branding: { primaryColor: '#7A1F5C' } })
      .expect(200);
    let i = 0;
    for (const title of NASTY) {
      const c = await createClass(t, org, { title, maxStudents: 4 });
      i += 1;
      // Written directly: the class form trims titles, a CSV must be safe whatever a table holds.
      await t.db.query('UPDATE classes SET start_date = $2, title = $3 WHERE id = $1', [
        c.id,
        `2026-11-${String(10 + i).padStart(2, '0')}T15:00:00Z`,
        title,
      ]);
      const [s] = await t.db.query(
        `INSERT INTO students (organization_id, first_name, last_name, email, phone) VALUES ($1, 'S', 'T', $2, '5595550100') RETURNING id`,
        [org.orgId, `s${i}@example.com`],
      );
      await t.db.query(
        `INSERT INTO enrollments (organization_id, student_id, class_id, enrollment_date, payment_status, amount_paid_cents, paid_at)
         VALUES ($1, $2, $3, $4, 'completed', $5, $4)`,
        [org.orgId, s.id, c.id, `2026-11-0${i}T12:00:00Z`, 1000 * i + 5],
      );
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('should download the enrollment CSV: RFC 4180, UTF-8 with BOM and a header, formulas neutralised', async () => {
    const res = await t.http
      .get(`/api/reports/enrollment?${range}&format=csv`)
      .set(org.auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="enrollment-report_2026-11-01_2026-11-30.csv"');
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Class', 'Class start', 'Enrolled', 'Cancelled', 'Capacity', 'Fill rate (%)']);
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual([
      `'=HYPERLINK("http://evil.example","x")`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\tTabbed",
      'Café, "quoted" ünïcode',
    ]);
    expect(rows[1]).toEqual([`'=HYPERLINK("http://evil.example","x")`, '2026-11-11', '1', '0', '4', '25']);
    expect(rows.at(-1)).toEqual(['Total', '', '6', '0', '24', '25']);
    for (const r of rows) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('should download the revenue CSV with dollars to the cent and totals', async () => {
    const res = await t.http
      .get(`/api/reports/revenue?${range}&format=csv`)
      .set(org.auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    const rows = parseCsv((res.body as Buffer).subarray(3).toString('utf8'));
    expect(rows[0][0]).toBe('Class');
    expect(rows[1].slice(1, 5)).toEqual(['1', '10.05', '0.00', '10.05']);
    // 10.05 + 20.05 + ... + 60.05 = 210.30
    expect(rows.at(-1)?.slice(0, 5)).toEqual(['Total', '6', '210.30', '0.00', '210.30']);
  });

  it('should download a PDF with the organization, the range, the figures, totals and page numbers', async () => {
    const res = await t.http
      .get(`/api/reports/revenue?${range}&format=pdf`)
      .set(org.auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="revenue-report_2026-11-01_2026-11-30.pdf"');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(body) });
    const { text, total } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('Fresno Pottery Guild');
    expect(text).toContain('Revenue report');
    expect(text).toContain('2026-11-01 to 2026-11-30 (UTC)');
    expect(text).toContain('Revenue by class');
    expect(text).toContain('210.30');
    expect(text).toContain('Revenue per day');
    expect(text).toContain(`Page 1 of ${total}`);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page ${total} of ${total}`);
  });

  it('should download the attendance and enrollment PDFs too', async () => {
    for (const type of ['attendance', 'enrollment']) {
      const res = await t.http
        .get(`/api/reports/${type}?${range}&format=pdf`)
        .set(org.auth)
        .buffer(true)
        .parse(binary as never)
        .expect(200);
      const parser = new PDFParse({ data: new Uint8Array(res.body as Buffer) });
      const { text } = await parser.getText();
      await parser.destroy();
      expect(text).toContain(type === 'attendance' ? 'Attendance by session' : 'Enrollment by class');
      expect(text).toContain('Total');
    }
  });
});
