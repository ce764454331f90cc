import { DROP_IN_DEFAULTS, dropInPayload, dropInValues, validateDropIns, type DropInValues } from '@/resources/classes/dropInForm';
import type { ClassRecord, ClassStatus } from '@/providers/types';
import { fromZonedInput, todayInZone, toZonedInput } from '@/common/zonedTime';
import { ClassError, type ErrorCode } from '@shared/api/error-codes';

/**
 * How each stored status is shown (spec 3 §4): Open is shown as Active and Archived as Disabled; the
 * API values stay Open/Archived. The status guide names both so the two never look like different things.
 */
export const STATUS_META: Record<
  ClassStatus,
  { label: string; color: 'success' | 'info' | 'default' | 'error' | 'warning'; help: string }
> = {
  Open: { label: 'Active', color: 'success', help: 'Status Open. Students can enroll; closes automatically when full.' },
  Scheduled: { label: 'Scheduled', color: 'info', help: 'Students can enroll; you control it manually; stays Scheduled when full.' },
  Closed: { label: 'Closed', color: 'default', help: 'Visible, but no new enrollments.' },
  Cancelled: { label: 'Cancelled', color: 'error', help: 'The class will not take place.' },
  Archived: {
    label: 'Disabled',
    color: 'warning',
    help: 'Status Archived. Hidden from students and from reports; does not count toward your plan limit.',
  },
};

/** Enrollment bar colour (spec 3 §2.3): red at 90% or more, yellow at 70% or more, otherwise green. */
export function enrollmentColor(enrolled: number, max: number): 'error' | 'warning' | 'success' {
  const pct = max > 0 ? (enrolled / max) * 100 : 0;
  if (pct >= 90) return 'error';
  if (pct >= 70) return 'warning';
  return 'success';
}

export const enrollmentPercent = (enrolled: number, max: number) => (max > 0 ? Math.min(100, Math.round((enrolled / max) * 100)) : 0);

/** A discount is shown only when it is greater than 0 and below the price. */
export function hasDiscount(price: number | null | undefined, discount: number | null | undefined): boolean {
  const p = Number(price);
  const d = Number(discount);
  return discount !== null && discount !== undefined && d > 0 && d < p;
}

/** Amount a student owes: the discount price when it applies, else the price. */
export const effectivePrice = (c: Pick<ClassRecord, 'price' | 'discountPrice'>) =>
  hasDiscount(c.price, c.discountPrice) ? Number(c.discountPrice) : Number(c.price) || 0;

/** Classes missing title, description or instructor are excluded from the list (spec 3 §2.3). */
export const isListable = (c: Partial<ClassRecord>) => Boolean(c.title?.trim() && c.description?.trim() && c.instructor?.trim());

export interface ClassFormValues extends DropInValues {
  title: string;
  description: string;
  instructor: string;
  location: string;
  /** The records the class names ('' : the free text alone). */
  instructorId: string;
  locationId: string;
  roomId: string;
  status: ClassStatus;
  /** datetime-local, in the organization's zone (like every time the form holds; the browser's when none is given). */
  startDate: string;
  days: string;
  schedule: 'Consecutive' | 'Weekly';
  duration: string;
  price: string;
  discountPrice: string;
  maxStudents: string;
  information: string;
  materials: string; // one per line
  /** Minimum enrolment go/no-go: '0' = no minimum. */
  minEnrollment: string;
  decisionHoursBefore: string;
  autoCancelBelowMinimum: boolean;
  /** The class's term ('' = none). */
  termId: string;
  /** The class's own opening and closing of registration (datetime-local in the organization's zone; '' = the term's). */
  registrationOpensAt: string;
  registrationClosesAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** ISO -> value of an <input type="datetime-local"> in local time. */
export function toLocalInput(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const d = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A new class's values: it starts tomorrow at 9:00 AM, on the clock of `timeZone` (the organization's) when given. */
export function defaultClassValues(now: Date = new Date(), timeZone?: string): ClassFormValues {
  const start = new Date(now);
  start.setDate(start.getDate() + 1);
  start.setHours(9, 0, 0, 0);
  // Tomorrow there: the zone's date of now, one calendar day on (noon UTC keeps the day whatever the zone).
  const tomorrow = timeZone ? new Date(Date.parse(`${todayInZone(timeZone, now)}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : '';
  return {
    title: '',
    description: '',
    instructor: '',
    location: '',
    instructorId: '',
    locationId: '',
    roomId: '',
    status: 'Open',
    startDate: timeZone ? `${tomorrow}T09:00` : toLocalInput(start),
    days: '1',
    schedule: 'Consecutive',
    duration: '60',
    price: '0',
    discountPrice: '',
    maxStudents: '10',
    information: '',
    materials: '',
    minEnrollment: '0',
    ...DROP_IN_DEFAULTS,
    decisionHoursBefore: '48',
    autoCancelBelowMinimum: false,
    termId: '',
    registrationOpensAt: '',
    registrationClosesAt: '',
  };
}

/** A stored time as the input shows it: in the organization's zone when known, else the browser's. */
const zonedInput = (iso: string | null | undefined, timeZone: string | undefined) =>
  timeZone ? toZonedInput(iso, timeZone) : toLocalInput(iso);
/** An input's text read in the organization's zone when known, else the browser's; null for none or unreadable text. */
function zonedInstant(v: string, timeZone: string | undefined): string | null {
  if (!v) return null;
  if (timeZone) return fromZonedInput(v, timeZone);
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** `timeZone`: the organization's, in which the start and the registration opening and closing are entered. */
export function valuesFromClass(c: ClassRecord, timeZone?: string): ClassFormValues {
  return {
    title: c.title ?? '',
    description: c.description ?? '',
    instructor: c.instructor ?? '',
    location: c.location ?? '',
    instructorId: c.instructorId ?? '',
    locationId: c.locationId ?? '',
    roomId: c.roomId ?? '',
    status: c.status,
    startDate: zonedInput(c.startDate, timeZone),
    days: String(c.days ?? 1),
    schedule: c.schedule ?? 'Consecutive',
    duration: String(c.duration ?? 60),
    price: String(c.price ?? 0),
    discountPrice: c.discountPrice === null || c.discountPrice === undefined ? '' : String(c.discountPrice),
    maxStudents: String(c.maxStudents ?? 10),
    information: c.information ?? '',
    materials: (c.materials ?? []).join('\n'),
    minEnrollment: String(c.minEnrollment ?? 0),
    decisionHoursBefore: String(c.decisionHoursBefore ?? 48),
    autoCancelBelowMinimum: Boolean(c.autoCancelBelowMinimum),
    termId: c.termId ?? '',
    registrationOpensAt: zonedInput(c.registrationOpensAt, timeZone),
    registrationClosesAt: zonedInput(c.registrationClosesAt, timeZone),
    ...dropInValues(c),
  };
}

export type FormErrors<T> = Partial<Record<keyof T, string>>;

/** Class form rules and messages (spec 3 §5). */
export function validateClass(v: ClassFormValues): FormErrors<ClassFormValues> {
  const e: FormErrors<ClassFormValues> = {};
  if (!v.title.trim()) e.title = 'Title is required';
  if (!v.description.trim()) e.description = 'Description is required';
  // A record named is enough: the class then says its name.
  if (!v.instructorId && !v.instructor.trim()) e.instructor = 'Instructor is required';
  if (!v.locationId && !v.location.trim()) e.location = 'Location is required';
  const days = Number(v.days);
  if (v.days.trim() === '' || !Number.isFinite(days) || days < 1) e.days = 'Days must be at least 1';
  else if (!Number.isInteger(days)) e.days = 'Days must be a whole number';
  const duration = Number(v.duration);
  if (v.duration.trim() === '' || !Number.isFinite(duration) || duration < 15) e.duration = 'Duration must be at least 15 minutes';
  else if (duration % 15 !== 0) e.duration = 'Duration must be in steps of 15 minutes';
  const price = Number(v.price);
  if (v.price.trim() === '' || !Number.isFinite(price)) e.price = 'Price is required';
  else if (price < 0) e.price = 'Price cannot be negative';
  const max = Number(v.maxStudents);
  if (v.maxStudents.trim() === '' || !Number.isFinite(max) || max < 1) e.maxStudents = 'Max students must be at least 1';
  else if (!Number.isInteger(max)) e.maxStudents = 'Max students must be a whole number';
  if (v.discountPrice.trim() !== '') {
    const d = Number(v.discountPrice);
    if (!Number.isFinite(d) || d < 0) e.discountPrice = 'Discount price cannot be negative';
  }
  // The server's messages for the go/no-go fields.
  const min = Number(v.minEnrollment);
  if (v.minEnrollment.trim() === '' || !Number.isInteger(min)) e.minEnrollment = 'Minimum enrolment must be a whole number';
  else if (min < 0) e.minEnrollment = 'Minimum enrolment cannot be negative';
  else if (!e.maxStudents && min > max) e.minEnrollment = `Minimum enrolment (${min}) cannot be more than max students (${max})`;
  const hours = Number(v.decisionHoursBefore);
  if (v.decisionHoursBefore.trim() === '' || !Number.isInteger(hours)) e.decisionHoursBefore = 'Decision hours must be a whole number';
  else if (hours < 1) e.decisionHoursBefore = 'Decide at least 1 hour before the start';
  else if (hours > 720) e.decisionHoursBefore = 'Decide at most 720 hours (30 days) before the start';
  if (v.registrationOpensAt && v.registrationClosesAt && new Date(v.registrationClosesAt) <= new Date(v.registrationOpensAt))
    e.registrationClosesAt = 'Registration must close after it opens';
  return { ...e, ...validateDropIns(v, max) };
}

const BASIC_FIELDS: (keyof ClassFormValues)[] = [
  'title',
  'description',
  'instructor',
  'location',
  'instructorId',
  'locationId',
  'roomId',
  'status',
  'startDate',
  'days',
  'schedule',
  'duration',
  'price',
  'discountPrice',
  'maxStudents',
];
export const tabOfField = (f: keyof ClassFormValues): 0 | 1 => (BASIC_FIELDS.includes(f) ? 0 : 1);

/**
 * Form values -> API payload. An invalid start date falls back to now (spec 3 §5). `timeZone`: the organization's, in
 * which the start and the registration opening and closing were entered (the same one valuesFromClass showed them in).
 */
export function toPayload(v: ClassFormValues, now: Date = new Date(), timeZone?: string) {
  const start = zonedInstant(v.startDate, timeZone);
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    instructor: v.instructor.trim(),
    location: v.location.trim(),
    instructorId: v.instructorId || null,
    locationId: v.locationId || null,
    roomId: (v.locationId && v.roomId) || null,
    status: v.status,
    startDate: start ?? now.toISOString(),
    days: Number(v.days),
    schedule: v.schedule,
    duration: Number(v.duration),
    price: Math.round(Number(v.price) * 100) / 100,
    discountPrice: v.discountPrice.trim() === '' ? null : Math.round(Number(v.discountPrice) * 100) / 100,
    maxStudents: Number(v.maxStudents),
    information: v.information.trim(),
    materials: v.materials
      .split('\n')
      .map((m) => m.trim())
      .filter(Boolean),
    minEnrollment: Number(v.minEnrollment),
    decisionHoursBefore: Number(v.decisionHoursBefore),
    autoCancelBelowMinimum: Boolean(v.autoCancelBelowMinimum),
    termId: v.termId || null,
    registrationOpensAt: zonedInstant(v.registrationOpensAt, timeZone),
    registrationClosesAt: zonedInstant(v.registrationClosesAt, timeZone),
    ...dropInPayload(v),
  };
}

/** Where a class stands with its minimum (the class panel); null without one. Times in `timeZone`, named, when given. */
export function goNoGoSummary(
  c: Pick<ClassRecord, 'minEnrollment' | 'decisionHoursBefore' | 'autoCancelBelowMinimum' | 'goNoGo' | 'decidedAt' | 'startDate'>,
  timeZone?: string,
): { label: string; color: 'default' | 'success' | 'error' | 'warning'; detail: string } | null {
  if (!c.minEnrollment) return null;
  const decisionAt = new Date(new Date(c.startDate).getTime() - c.decisionHoursBefore * 3600_000);
  const when = (d: Date) =>
    d.toLocaleString('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(timeZone ? { timeZoneName: 'short' } : {}),
    });
  if (c.goNoGo === 'confirmed')
    return {
      label: 'Confirmed',
      color: 'success',
      detail: `Reached its minimum of ${c.minEnrollment}; decided ${when(new Date(c.decidedAt!))}`,
    };
  if (c.goNoGo === 'cancelled')
    return { label: 'Cancelled: below minimum', color: 'error', detail: `Cancelled automatically ${when(new Date(c.decidedAt!))}` };
  if (c.decidedAt)
    return {
      label: 'Below minimum',
      color: 'warning',
      detail: `Below its minimum of ${c.minEnrollment} at ${when(new Date(c.decidedAt))}; admins were told. It runs unless you cancel it.`,
    };
  return {
    label: 'Pending',
    color: 'default',
    detail: `Decision on ${when(decisionAt)} (${c.decisionHoursBefore} hours before the start): ${
      c.autoCancelBelowMinimum ? 'cancelled and refunded automatically' : 'admins are told'
    } if fewer than ${c.minEnrollment} are registered`,
  };
}

export interface CloneValues {
  title: string;
  startDate: string; // datetime-local, in the organization's zone (see validateClone)
  status: 'Open' | 'Scheduled' | 'Archived';
}

/** Clone rules (spec 3 §5). `timeZone`: the organization's, in which the start date was entered (else the browser's). */
export function validateClone(v: CloneValues, now: Date = new Date(), timeZone?: string): FormErrors<CloneValues> {
  const e: FormErrors<CloneValues> = {};
  if (!v.title.trim()) e.title = 'Title is required';
  if (!v.startDate.trim()) e.startDate = 'Start date is required';
  else {
    const at = zonedInstant(v.startDate.trim(), timeZone);
    if (at === null) e.startDate = 'Invalid date format';
    else if (Date.parse(at) < now.getTime() - 60_000) e.startDate = 'Start date cannot be in the past';
  }
  return e;
}

/** The instant a clone starts, from its validated start date (entered in `timeZone`, else the browser's zone). */
export const cloneStartInstant = (v: CloneValues, timeZone?: string): string => zonedInstant(v.startDate.trim(), timeZone)!;

/** Does this class count toward the plan's class limit? (Archived ones do not.) */
export const countsTowardLimit = (status: ClassStatus | undefined) => Boolean(status && status !== 'Archived');

const LIMIT_FALLBACK = 'Cannot activate class - class limit reached. Upgrade your plan or archive other classes first.';

/**
 * Message for a failed update (spec 3 §8): the plan's class limit (LIMIT_REACHED) shows the server's message; a 403
 * without any message falls back to the limit text. Any other 403 (e.g. another organization's class) is not a plan
 * limit, so it must not tell the admin to upgrade.
 */
export function updateErrorMessage(status: number | undefined, message: string | undefined, code: ErrorCode | null = null): string {
  if (code === ClassError.LimitReached && message?.trim()) return message;
  if (status === 403 && !message?.trim()) return LIMIT_FALLBACK;
  return 'Failed to update class. Please try again';
}

export function createErrorMessage(status: number | undefined, message: string | undefined, code: ErrorCode | null = null): string {
  if (code === ClassError.LimitReached) return message || 'Cannot create class due to plan limits';
  if (status === 400 && message && message !== 'Validation failed') return message;
  return 'Failed to create class. Please try again.';
}
