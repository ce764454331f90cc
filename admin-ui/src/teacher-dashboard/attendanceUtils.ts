import type { AttendanceSession, ClassAttendance, ClassRecord } from '@/providers/types';

export interface SessionView {
  sessionIndex: number;
  sessionDate: string;
  marks: Record<string, boolean | undefined>; // studentId -> attended; undefined = unmarked
}

/**
 * Sessions to show: the server's list when it has one, else (spec 3 §4) `days` sessions one week apart
 * from the class start date.
 */
export function buildSessions(cls: Pick<ClassRecord, 'startDate' | 'days'>, attendance: ClassAttendance | undefined): SessionView[] {
  const fromServer: AttendanceSession[] = attendance?.sessions ?? [];
  if (fromServer.length) {
    return [...fromServer]
      .sort((a, b) => a.sessionIndex - b.sessionIndex)
      .map((s) => ({
        sessionIndex: s.sessionIndex,
        sessionDate: s.sessionDate,
        marks: Object.fromEntries((s.entries ?? []).map((e) => [e.studentId, e.attended])),
      }));
  }
  const start = new Date(cls.startDate);
  const n = Math.max(1, Number(cls.days) || 1);
  if (Number.isNaN(start.getTime())) return [];
  return Array.from({ length: n }, (_, i) => ({
    sessionIndex: i,
    sessionDate: new Date(start.getTime() + i * 7 * 86_400_000).toISOString(),
    marks: {},
  }));
}

/** Clicking the already-chosen state flips it to the opposite value (spec 3 §4). */
export function nextAttended(current: boolean | undefined, clicked: boolean): boolean {
  return current === clicked ? !clicked : clicked;
}

/** Present students as a rounded percentage of the enrolled students. */
export function sessionPercent(session: SessionView | undefined, studentIds: string[]): number {
  if (!session || !studentIds.length) return 0;
  const present = studentIds.filter((id) => session.marks[id] === true).length;
  return Math.round((present / studentIds.length) * 100);
}
