import type { Language } from '../../common/i18n/languages';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('students')
export class StudentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'first_name', type: 'text' }) firstName: string;
  @Column({ name: 'last_name', type: 'text' }) lastName: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text' }) phone: string;
  @Column({ type: 'text' }) status: string;
  @Column({ name: 'communication_opt_in', type: 'boolean' }) communicationOptIn: boolean;
  /** The language their messages are written in (issue 42); null: the organization's default language. */
  @Column({ type: 'text', nullable: true }) language?: Language | null;
  @Column({ name: 'stripe_customer_id', type: 'text', nullable: true }) stripeCustomerId: string | null;
  @Column({ name: 'registration_date', type: 'timestamptz' }) registrationDate: Date;
  /** Set on a household attendee: the contact whose email and phone they share. */
  @Column({ name: 'household_contact_id', type: 'uuid', nullable: true }) householdContactId?: string | null;
  /** YYYY-MM-DD, when the household registration gave it. */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true }) dateOfBirth?: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** The household contact of an attendee, as the admin and teacher screens show it. */
export interface HouseholdContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export type HouseholdStudent = Pick<
  StudentEntity,
  'id' | 'organizationId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'status' | 'communicationOptIn'
> & { householdContactId: string | null; dateOfBirth: string | null };
