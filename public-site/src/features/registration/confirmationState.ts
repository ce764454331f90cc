/**
 * The state handed to /confirmation (spec 2 §2): in history.state for the navigation, and in
 * sessionStorage so a reload (or a lost history state) still shows the confirmation.
 */
import type { DateInput } from '@/lib/classFormat';

export interface ConfirmationState {
  paymentMethod: 'in-person' | 'card';
  classDetails: {
    id: string;
    title: string;
    instructor: string;
    location: string;
    startDate: DateInput;
    duration?: number;
    organizationId: string;
  };
  student: { id?: string; firstName: string; lastName: string; email: string; organizationId?: string };
  amount: number;
  enrollmentId: string | null;
  transactionId: string | null;
  organizationId: string;
  /** A household registration: everyone registered. */
  attendees?: { firstName: string; lastName: string }[];
}

const KEY = 'classlane.confirmation';

export function saveConfirmation(state: ConfirmationState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    /* private mode: history state still works */
  }
}

export function loadConfirmation(historyState: unknown): ConfirmationState | null {
  if (isConfirmation(historyState)) return historyState;
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isConfirmation(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isConfirmation(value: unknown): value is ConfirmationState {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ConfirmationState>;
  return !!v.classDetails && !!v.student && typeof v.paymentMethod === 'string';
}
