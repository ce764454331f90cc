/**
 * Pure access rules (STYLE §5). The UI only hides things; the API decides.
 * Spec 3 §2.1: /admin/* is for admins; /teacher/* for teachers and admins.
 */
import type { Role } from '@/providers/session';

export type Area = 'admin' | 'teacher';

export function canAccessArea(role: Role | null | undefined, area: Area): boolean {
  if (!role) return false;
  if (area === 'admin') return role === 'admin';
  return role === 'admin' || role === 'teacher';
}

export function canAccess(role: Role | null | undefined, params: { resource: string; action: string }): boolean {
  if (!role) return false;
  if (role === 'admin') return true;
  // Teachers use teacher mode only: reading classes/students of their classes, marking payments/attendance.
  return (
    ['teacher', 'attendance', 'payments'].includes(params.resource) ||
    (['classes', 'students'].includes(params.resource) && ['list', 'show'].includes(params.action))
  );
}
