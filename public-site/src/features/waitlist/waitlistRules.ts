import type { ClassItem } from '@/lib/models';

/**
 * A class takes waitlist entries when every seat is taken and it still runs: Open or Scheduled, or Closed (an Open
 * class closes itself when it fills). The server has the last word (a class closed by hand refuses, with a message).
 */
export function offersWaitlist(item: Pick<ClassItem, 'status' | 'enrolledStudents' | 'maxStudents'>): boolean {
  const runs = item.status === 'Open' || item.status === 'Scheduled' || item.status === 'Closed';
  return runs && item.maxStudents > 0 && item.enrolledStudents >= item.maxStudents;
}
