import { classSessionDates } from '@shared/class-sessions';
import type { AttendanceSession, ClassRecord } from '@/providers/types';

/** What buildSessions reads of the attendance reply (`ClassAttendanceResponseDto`). */
type AttendanceView = { sessions: Pick<AttendanceSession, 'sessionIndex' | 'sessionDate' | 'entries'>[] };

export interface SessionView {
  sessionIndex: number;
  sessionDate: string;
  marks: Record<string, boolean | undefined>; // studentId -> attended; undefined = unmarked
}

/**
 * Sessions to show: the attendance reply's sessions (the server builds one per class session), else the class's
 * own `sessions` from its reply, else the shared session rule on its schedule (decision 12: sessions follow the
 * class's schedule, Consecutive or Weekly; "one week apart" was the old system's defect).
 */
export function buildSessions(
  cls: Pick<ClassRecord, 'startDate' | 'days' | 'schedule'> & { sessions?: string[] | null },
  attendance: AttendanceView | undefined,
): SessionView[] {
  const fromServer = attendance?.sessions ?? [];
  if (fromServer.length) {
    return [...fromServer]
      .sort((a, b) => a.sessionIndex - b.sessionIndex)
      .map((s) => ({
        sessionIndex: s.sessionIndex,
        sessionDate: s.sessionDate,
        marks: Object.fromEntries((s.entries ?? []).map((e) => [e.studentId, e.attended])),
      }));
  }
  const dates = cls.sessions?.length ? cls.sessions : classSessionDates(cls.startDate, cls.days, cls.schedule).map((d) => d.toISOString());
  return dates.map((sessionDate, sessionIndex) => ({ sessionIndex, sessionDate, marks: {} }));
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

/**
 * The students on one session's roll (issue 39 §3): the whole-class students and that session's drop-ins (a drop-in
 * is on its own session's roll only), each once, with whether they came as a drop-in.
 */
export function rollOf<S extends { id: string }>(
  students: S[],
  attendance:
    { sessions: { sessionIndex: number; dropIns?: string[] }[]; students: { id: string; dropInSessions?: number[] | null }[] } | undefined,
  sessionIndex: number | undefined,
): (S & { dropIn: boolean })[] {
  const dropInOnly = new Set((attendance?.students ?? []).filter((s) => s.dropInSessions).map((s) => s.id));
  const here = new Set(attendance?.sessions.find((s) => s.sessionIndex === sessionIndex)?.dropIns ?? []);
  const seen = new Set<string>();
  return students.flatMap((s) => {
    if (seen.has(s.id) || (dropInOnly.has(s.id) && !here.has(s.id))) return [];
    seen.add(s.id);
    return [{ ...s, dropIn: dropInOnly.has(s.id) }];
  });
}
