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
  | 'payment_refunded'
  | 'enrollment_cancelled';

@Entity('activity_events')
export class ActivityEventEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'event_type', type: 'text' }) eventType: ActivityEventType;
  @Column({ name: 'event_date', type: 'timestamptz' }) eventDate: Date;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'jsonb' }) metadata: Record<string, unknown>;
}
