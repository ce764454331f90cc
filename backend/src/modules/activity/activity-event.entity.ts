import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type ActivityEventType =
  | 'student_registration'
  | 'class_enrollment'
  | 'payment_received'
  | 'class_completion'
  | 'class_creation'
  | 'class_update'
  | 'organization_created'
  | 'enrollment'
  | 'payment'
  | 'class_full'
  | 'class_started'
  | 'completion'
  | 'class_deleted'
  | 'student_removed'
  | 'payment_unmarked'
  | 'attendance_marked'
  | 'registration_blocked'
  // Recorded by the server itself: cancellations and refunds, the classes' own cancellation, what
  // reporting records itself (ratings, exports and erasures: the audit trail of an organization's data).
  | 'enrollment_cancelled'
  | 'payment_refunded'
  | 'class_cancelled'
  | 'satisfaction_rating'
  | 'data_export'
  | 'student_export'
  | 'student_erased'
  // The go/no-go decision; an automatic cancellation is a class_cancelled.
  | 'class_confirmed'
  | 'class_below_minimum'
  // The student portal: what a student did themselves (cancellations are enrollment_cancelled with source self_service).
  | 'enrollment_transferred'
  | 'student_details_changed'
  | 'erasure_requested'
  // The credits ledger (issue 41 §4): the admin's grant, and a change of validity, a revoke or a transfer (metadata.action).
  | 'credit_granted'
  | 'credit_changed';

/**
 * Every type above. `enrollment`, `payment` and `completion` are the legacy types of client-reported events
 * (POST /api/reporting/*), stored with client_reported and never read by a report.
 */
export const ACTIVITY_EVENT_TYPES: readonly ActivityEventType[] = [
  'student_registration',
  'class_enrollment',
  'payment_received',
  'class_completion',
  'class_creation',
  'class_update',
  'organization_created',
  'enrollment',
  'payment',
  'class_full',
  'class_started',
  'completion',
  'class_deleted',
  'student_removed',
  'payment_unmarked',
  'attendance_marked',
  'registration_blocked',
  'enrollment_cancelled',
  'payment_refunded',
  'class_cancelled',
  'satisfaction_rating',
  'data_export',
  'student_export',
  'student_erased',
  'class_confirmed',
  'class_below_minimum',
  'enrollment_transferred',
  'student_details_changed',
  'erasure_requested',
  'credit_granted',
  'credit_changed',
];

@Entity('activity_events')
export class ActivityEventEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'event_type', type: 'text' }) eventType: ActivityEventType;
  @Column({ name: 'event_date', type: 'timestamptz' }) eventDate: Date;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'jsonb' }) metadata: Record<string, unknown>;
  /** Posted by a browser (POST /api/reporting/*): kept, never shown or counted (decision 9). */
  @Column({ name: 'client_reported', type: 'boolean', default: false, select: false }) clientReported: boolean;
}
