import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sessionDates } from '../../src/modules/classes/class.entity';
import { createTestApp, type TestApp } from '../setup/test-app';

/** The session rule exists once in SQL (class_session_start) and agrees with sessionDates() in TypeScript. */
describe('class_session_start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should give the same session starts as sessionDates() for both schedules, across a DST change', async () => {
    const start = new Date('2026-03-01T17:30:00Z');
    for (const schedule of ['Consecutive', 'Weekly'] as const) {
      const rows: { at: Date }[] = await t.db.query(
        'SELECT class_session_start($1::timestamptz, $2, i) AS at FROM generate_series(0, 11) AS i ORDER BY i',
        [start, schedule],
      );
      expect(rows.map((r) => new Date(r.at).toISOString())).toEqual(sessionDates(start, 12, schedule).map((d) => d.toISOString()));
    }
  });
});
