/**
 * The session screen's writes and the one queue that sends them: what each kind of tap sends, and
 * why a retry of it never doubles. Attendance: POST /api/attendance/mark is an upsert. Payment: mark-paid on a
 * paid enrollment (and mark-unpaid on an unpaid one) answers 409 "already": the state the teacher wanted holds,
 * so it counts as saved. Notes: a PUT that replaces. Walk-in: the email is the natural key; the server answers a
 * second registration of it with the first enrollment.
 */
import { useSyncExternalStore } from 'react';
import { dataProvider } from '@/providers/dataProvider';
import { errorStatus } from '@/providers/httpClient';
import type { MarkAttendanceInput, WalkInInput } from '@/providers/types';
import { WriteQueue, type QueuedWrite, type QueueSnapshot } from '@/teacher-session/writeQueue';

export type AttendanceWrite = MarkAttendanceInput;
export interface PaymentWrite {
  classId: string;
  studentId: string;
  paid: boolean;
}
export interface NotesWrite {
  classId: string;
  date: string;
  notes: string;
}
export interface WalkInWrite {
  classId: string;
  body: WalkInInput;
}

/** The server's answers that mean "it is already so" (backend in-person-payments.service.ts). */
const ALREADY_PAID = 'This payment is already marked as paid';
const ALREADY_UNPAID = 'This payment is not marked as paid';

export const keys = {
  attendance: (classId: string, sessionIndex: number, studentId: string) => `att:${classId}:${sessionIndex}:${studentId}`,
  payment: (classId: string, studentId: string) => `pay:${classId}:${studentId}`,
  notes: (classId: string, date: string) => `notes:${classId}:${date}`,
  walkIn: (classId: string, email: string) => `walk:${classId}:${email.trim().toLowerCase()}`,
};

export async function sendWrite(w: QueuedWrite): Promise<void> {
  switch (w.kind) {
    case 'attendance':
      await dataProvider.markAttendance(w.payload as AttendanceWrite);
      return;
    case 'payment': {
      const p = w.payload as PaymentWrite;
      try {
        await (p.paid ? dataProvider.markPaid(p.studentId, p.classId) : dataProvider.markUnpaid(p.studentId, p.classId));
      } catch (e) {
        const already = p.paid ? ALREADY_PAID : ALREADY_UNPAID;
        if (errorStatus(e) === 409 && (e as Error).message === already) return;
        throw e;
      }
      return;
    }
    case 'notes': {
      const p = w.payload as NotesWrite;
      await dataProvider.saveSessionNotes(p.classId, p.date, p.notes);
      return;
    }
    case 'walkIn': {
      const p = w.payload as WalkInWrite;
      await dataProvider.registerWalkIn(p.classId, p.body);
      return;
    }
    default:
      throw Object.assign(new Error(`Unknown change ${w.kind}`), { status: 400 });
  }
}

let queue: WriteQueue | null = null;

/** One queue for the whole teacher app: taps made on one session are still sent after moving to another. */
export function sessionQueue(): WriteQueue {
  if (!queue) {
    queue = new WriteQueue(sendWrite);
    if (typeof window !== 'undefined') window.addEventListener('online', () => queue?.retryNow());
  }
  return queue;
}

export function useSessionQueue(): [WriteQueue, QueueSnapshot] {
  const q = sessionQueue();
  const snapshot = useSyncExternalStore((fn) => q.subscribe(fn), q.getSnapshot, q.getSnapshot);
  return [q, snapshot];
}
