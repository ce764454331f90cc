import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '../../common/auth/roles';

/** The languages of the admin app (issue 42). */
export const STAFF_LANGUAGES = ['en', 'es', 'fr'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid', nullable: true }) organizationId: string | null;
  @Column({ type: 'text' }) email: string;
  @Column({ name: 'password_hash', type: 'text', select: false }) passwordHash: string;
  @Column({ type: 'text' }) role: Role;
  @Column({ name: 'first_name', type: 'text' }) firstName: string;
  @Column({ name: 'last_name', type: 'text' }) lastName: string;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ name: 'profile_picture', type: 'text', nullable: true }) profilePicture: string | null;
  /** The admin app's language for this person (issue 42); null: not chosen (the browser's language applies). */
  @Column({ type: 'text', nullable: true }) language: StaffLanguage | null;
  /** Tokens issued before this (a password reset) are refused. */
  @Column({ name: 'tokens_valid_after', type: 'timestamptz', nullable: true }) tokensValidAfter: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

export interface UserResponse {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone: string | null;
  organizationId: string | null;
  language: StaffLanguage | null;
  createdAt: Date;
}

export const mapUser = (u: UserEntity): UserResponse => ({
  id: u.id,
  email: u.email,
  role: u.role,
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone,
  organizationId: u.organizationId,
  language: u.language ?? null,
  createdAt: u.createdAt,
});
