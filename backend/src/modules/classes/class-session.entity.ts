import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** One session of a class (issue 39 §1): its own date and time, status and note; room and instructor null = the class's. */
@Entity('class_sessions')
export class ClassSessionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'class_id', type: 'uuid' }) classId: string;
  /** The session's place in the class (0 = first); attendance is keyed by it, so a moved session keeps it. */
  @Column({ name: 'session_index', type: 'integer' }) sessionIndex: number;
  @Column({ name: 'starts_at', type: 'timestamptz' }) startsAt: Date;
  @Column({ name: 'ends_at', type: 'timestamptz' }) endsAt: Date;
  @Column({ type: 'text' }) status: SessionStatus;
  @Column({ name: 'cancel_reason', type: 'text', nullable: true }) cancelReason: string | null;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt: Date | null;
  @Column({ type: 'text' }) note: string;
  @Column({ name: 'room_id', type: 'uuid', nullable: true }) roomId: string | null;
  @Column({ name: 'instructor_id', type: 'uuid', nullable: true }) instructorId: string | null;
  /** Drop-in seats held in this session (drop-in-seats.repository.ts writes it). */
  @Column({ name: 'drop_ins_taken', type: 'integer', default: 0, insert: false, update: false }) dropInsTaken: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** A session as the API answers it. */
export const mapSession = (s: ClassSessionEntity) => ({
  id: s.id,
  classId: s.classId,
  sessionIndex: s.sessionIndex,
  startsAt: s.startsAt,
  endsAt: s.endsAt,
  status: s.status,
  cancelReason: s.cancelReason,
  cancelledAt: s.cancelledAt,
  note: s.note,
  roomId: s.roomId,
  instructorId: s.instructorId,
  dropInsTaken: s.dropInsTaken ?? 0,
});
export type SessionResponse = ReturnType<typeof mapSession>;
