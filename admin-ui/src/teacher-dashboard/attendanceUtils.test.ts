import { describe, expect, it } from 'vitest';
import { buildSessions, nextAttended, rollOf, sessionPercent } from '@/teacher-dashboard/attendanceUtils';

describe('attendanceUtils', () => {
  it('should use the server sessions when present', () => {
    const s = buildSessions(
      { startDate: '2026-03-01T10:00:00Z', days: 3, schedule: 'Weekly' },
      {
        sessions: [{ sessionIndex: 0, sessionDate: '2026-03-01', entries: [{ studentId: 'a', attended: true }] }],
      },
    );
    expect(s).toHaveLength(1);
    expect(s[0].marks).toEqual({ a: true });
  });

  it('should follow the class schedule when the server has no attendance sessions (decision 12)', () => {
    const consecutive = buildSessions({ startDate: '2026-03-01T10:00:00Z', days: 3, schedule: 'Consecutive' }, { sessions: [] });
    expect(consecutive.map((x) => x.sessionDate.slice(0, 10))).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    const weekly = buildSessions({ startDate: '2026-03-01T10:00:00Z', days: 2, schedule: 'Weekly' }, undefined);
    expect(weekly.map((x) => x.sessionDate.slice(0, 10))).toEqual(['2026-03-01', '2026-03-08']);
  });

  it('should prefer the session dates of the class reply to computing them', () => {
    const given = ['2026-03-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z'];
    const s = buildSessions({ startDate: '2026-03-01T10:00:00Z', days: 2, schedule: 'Weekly', sessions: given }, undefined);
    expect(s.map((x) => x.sessionDate)).toEqual(given);
  });

  it('should flip when the chosen state is clicked again', () => {
    expect(nextAttended(undefined, true)).toBe(true);
    expect(nextAttended(true, true)).toBe(false);
    expect(nextAttended(false, false)).toBe(true);
    expect(nextAttended(true, false)).toBe(false);
  });

  it('should compute the per-session percent', () => {
    const session = { sessionIndex: 0, sessionDate: '', marks: { a: true, b: false } };
    expect(sessionPercent(session, ['a', 'b', 'c'])).toBe(33);
    expect(sessionPercent(session, [])).toBe(0);
  });
});

describe('rollOf', () => {
  const students = [{ id: 'whole' }, { id: 'drop' }, { id: 'drop' }];
  const attendance = {
    sessions: [
      { sessionIndex: 0, dropIns: [] },
      { sessionIndex: 1, dropIns: ['drop'] },
    ],
    students: [
      { id: 'whole', dropInSessions: null },
      { id: 'drop', dropInSessions: [1] },
    ],
  };

  it("should put a drop-in on its own session's roll only, once, and the whole-class students on every roll", () => {
    expect(rollOf(students, attendance, 0)).toEqual([{ id: 'whole', dropIn: false }]);
    expect(rollOf(students, attendance, 1)).toEqual([
      { id: 'whole', dropIn: false },
      { id: 'drop', dropIn: true },
    ]);
    // Before the attendance reply has come: everyone, as before drop-ins.
    expect(rollOf(students.slice(0, 2), undefined, 0).map((s) => s.id)).toEqual(['whole', 'drop']);
  });
});
