import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { effectiveWindow, type WindowTerm } from '../terms/registration-window';
import type { ClassSessionEntity } from './class-session.entity';

export const CLASS_STATUSES = ['Open', 'Scheduled', 'Closed', 'Cancelled', 'Archived'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];
export const SCHEDULES = ['Consecutive', 'Weekly'] as const;
export type Schedule = (typeof SCHEDULES)[number];
/** The go/no-go decision; the job sets it, never a client. */
export const GO_NO_GO = ['pending', 'confirmed', 'cancelled'] as const;
export type GoNoGo = (typeof GO_NO_GO)[number];

@Entity('classes')
export class ClassEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'text' }) instructor: string;
  @Column({ type: 'text' }) location: string;
  @Column({ type: 'text' }) status: ClassStatus;
  @Column({ name: 'price_cents', type: 'integer' }) priceCents: number;
  @Column({ name: 'discount_price_cents', type: 'integer', nullable: true }) discountPriceCents: number | null;
  @Column({ name: 'max_students', type: 'integer' }) maxStudents: number;
  @Column({ name: 'enrolled_students', type: 'integer' }) enrolledStudents: number;
  @Column({ name: 'closed_when_full', type: 'boolean' }) closedWhenFull: boolean;
  @Column({ name: 'start_date', type: 'timestamptz' }) startDate: Date;
  @Column({ type: 'integer' }) duration: number;
  @Column({ type: 'integer' }) days: number;
  @Column({ type: 'text' }) schedule: Schedule;
  @Column({ type: 'text' }) information: string;
  @Column({ type: 'jsonb' }) materials: string[];
  @Column({ name: 'min_enrollment', type: 'integer' }) minEnrollment: number;
  @Column({ name: 'decision_hours_before', type: 'integer' }) decisionHoursBefore: number;
  @Column({ name: 'auto_cancel_below_minimum', type: 'boolean' }) autoCancelBelowMinimum: boolean;
  @Column({ name: 'go_no_go', type: 'text' }) goNoGo: GoNoGo;
  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true }) decidedAt: Date | null;
  /** The term (season) the class belongs to, of the same organization; null: none. */
  @Column({ name: 'term_id', type: 'uuid', nullable: true }) termId: string | null;
  /** The class's own opening and closing of registration; null: its term's (or none). */
  @Column({ name: 'registration_opens_at', type: 'timestamptz', nullable: true }) registrationOpensAt: Date | null;
  @Column({ name: 'registration_closes_at', type: 'timestamptz', nullable: true }) registrationClosesAt: Date | null;
  /** The location, room and instructor records the class names (the organization's own); null: free text only. */
  @Column({ name: 'location_id', type: 'uuid', nullable: true }) locationId: string | null;
  @Column({ name: 'room_id', type: 'uuid', nullable: true }) roomId: string | null;
  @Column({ name: 'instructor_id', type: 'uuid', nullable: true }) instructorId: string | null;
  /** Drop-ins (issue 39 §3): the price of one session (null: no drop-ins), the seats of a session drop-ins may take, sold until N hours before. */
  @Column({ name: 'drop_in_price_cents', type: 'integer', nullable: true }) dropInPriceCents: number | null;
  @Column({ name: 'drop_in_capacity', type: 'integer', default: 0 }) dropInCapacity: number;
  @Column({ name: 'drop_in_cutoff_hours', type: 'integer', default: 0 }) dropInCutoffHours: number;
  /** The most drop-ins one session holds: a full-term seat needs a free seat in every session (drop-in-seats.repository.ts). */
  @Column({ name: 'drop_in_peak', type: 'integer', default: 0, insert: false, update: false }) dropInPeak: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** Session dates from the start date: Consecutive 1 day apart, Weekly 7 days apart (spec 3 §4). */
export function sessionDates(start: Date, days: number, schedule: Schedule): Date[] {
  const step = schedule === 'Weekly' ? 7 : 1;
  return Array.from({ length: Math.max(1, days) }, (_, i) => {
    const d = new Date(start);
    d.setUTCDate(d.getUTCDate() + i * step);
    return d;
  });
}

export const toDollars = (cents: number | null) => (cents === null ? null : cents / 100);
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** The amount a student owes: the discount applies only when 0 < discount < price (spec 2 §5). */
export const amountDueCents = (c: Pick<ClassEntity, 'priceCents' | 'discountPriceCents'>) =>
  c.discountPriceCents !== null && c.discountPriceCents > 0 && c.discountPriceCents < c.priceCents ? c.discountPriceCents : c.priceCents;

/**
 * A class that still runs takes waitlist entries: Open, Scheduled, or Closed because it filled up. One an admin closed
 * by hand does not.
 */
export const takesWaitlist = (c: Pick<ClassEntity, 'status' | 'closedWhenFull'>) =>
  c.status === 'Open' || c.status === 'Scheduled' || (c.status === 'Closed' && c.closedWhenFull);

/** What a class reply shows of its term. */
export type ClassTerm = WindowTerm & { name: string };

/**
 * `waitingRoomMinutes`: how long the organization's waiting room stays on after an opening, null when it has none (the
 * reply then says `waitingRoomUntil: null`). `records`: the class's session rows (class_sessions); without them the
 * sessions are computed from the schedule as before the records existed.
 */
export const mapClass = (
  c: ClassEntity,
  term: ClassTerm | null = null,
  timeZone: string | null = null,
  waitingRoomMinutes: number | null = null,
  records?: Pick<ClassSessionEntity, 'startsAt' | 'status'>[],
) => ({
  id: c.id,
  organizationId: c.organizationId,
  title: c.title,
  description: c.description,
  instructor: c.instructor,
  location: c.location,
  status: c.status,
  price: toDollars(c.priceCents)!,
  discountPrice: toDollars(c.discountPriceCents),
  maxStudents: c.maxStudents,
  enrolledStudents: c.enrolledStudents,
  // The public pages offer 'Join the waitlist' exactly when the server would take the entry.
  waitlistOpen: takesWaitlist(c) && c.enrolledStudents >= c.maxStudents,
  startDate: c.startDate,
  duration: c.duration,
  days: c.days,
  schedule: c.schedule,
  sessions: records?.length ? records.map((s) => s.startsAt) : sessionDates(c.startDate, c.days, c.schedule),
  // The sessions the organization cancelled (their starts, also in `sessions`): pages show them struck out.
  cancelledSessions: records ? records.filter((s) => s.status === 'cancelled').map((s) => s.startsAt) : [],
  information: c.information,
  materials: c.materials,
  minEnrollment: c.minEnrollment,
  decisionHoursBefore: c.decisionHoursBefore,
  autoCancelBelowMinimum: c.autoCancelBelowMinimum,
  goNoGo: c.goNoGo,
  decidedAt: c.decidedAt,
  termId: c.termId ?? null,
  termName: term?.name ?? null,
  registrationOpensAt: c.registrationOpensAt ?? null,
  registrationClosesAt: c.registrationClosesAt ?? null,
  // When registration actually opens and closes (the class's own times, else its term's): what the public page counts down to.
  registrationWindow: windowReply(effectiveWindow(c, term), timeZone, waitingRoomMinutes),
  locationId: c.locationId ?? null,
  roomId: c.roomId ?? null,
  instructorId: c.instructorId ?? null,
  dropInPrice: toDollars(c.dropInPriceCents ?? null),
  dropInCapacity: c.dropInCapacity ?? 0,
  dropInCutoffHours: c.dropInCutoffHours ?? 0,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});
export type ClassResponse = ReturnType<typeof mapClass>;

/** The effective window as a reply shows it: with the zone its times are said in, and until when its waiting room is on. */
function windowReply(w: ReturnType<typeof effectiveWindow>, timeZone: string | null, waitingRoomMinutes: number | null) {
  const waitingRoomUntil = w.opensAt && waitingRoomMinutes ? new Date(w.opensAt.getTime() + waitingRoomMinutes * 60_000) : null;
  return { ...w, timeZone, waitingRoomUntil };
}

// The JSON schema of a mapped class (mapClass above, in its key order, so the compiled reply has the same bytes as
// JSON.stringify's), for the lists' compiled serializer (Serialized in common/http/envelope.interceptor.ts). Every
// leaf also takes null and numbers are not forced to integers, so no value is ever coerced into another; a key
// mapClass gains before it is added here is still sent (additionalProperties), and class-list-serializer.spec.ts
// fails until it is added.
const text = { type: ['string', 'null'] };
const num = { type: ['number', 'null'] };
const bool = { type: ['boolean', 'null'] };
const time = { type: ['string', 'null'], format: 'date-time' };
export const CLASS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: text,
    organizationId: text,
    title: text,
    description: text,
    instructor: text,
    location: text,
    status: text,
    price: num,
    discountPrice: num,
    maxStudents: num,
    enrolledStudents: num,
    waitlistOpen: bool,
    startDate: time,
    duration: num,
    days: num,
    schedule: text,
    sessions: { type: 'array', items: time },
    cancelledSessions: { type: 'array', items: time },
    information: text,
    // jsonb: whatever was stored, as JSON.stringify writes it.
    materials: {},
    minEnrollment: num,
    decisionHoursBefore: num,
    autoCancelBelowMinimum: bool,
    goNoGo: text,
    decidedAt: time,
    termId: text,
    termName: text,
    registrationOpensAt: time,
    registrationClosesAt: time,
    registrationWindow: {
      type: ['object', 'null'],
      additionalProperties: true,
      properties: { opensAt: time, closesAt: time, earlyAccessOpensAt: time, timeZone: text, waitingRoomUntil: time },
    },
    locationId: text,
    roomId: text,
    instructorId: text,
    dropInPrice: num,
    dropInCapacity: num,
    dropInCutoffHours: num,
    createdAt: time,
    updatedAt: time,
  },
} as const;
