import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { CancellationPolicy, StudentEntity } from './student.entity';

const STUDENT = `id, organization_id AS "organizationId", first_name AS "firstName", last_name AS "lastName", email, phone, status,
  communication_opt_in AS "communicationOptIn", household_contact_id AS "householdContactId", date_of_birth::text AS "dateOfBirth"`;

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

/** One enrollment of a household registration, written with the group's first enrollment id (issue 14 §2). */
export interface HouseholdEnrollmentInsert {
  id: string;
  groupId: string;
  organizationId: string;
  studentId: string;
  classId: string;
  card: { amountDueCents: number; holdMinutes: number } | null;
  policy: CancellationPolicy[];
  registered: { firstName: string; lastName: string; phone: string; communicationOptIn: boolean };
}

/** Household attendees (students linked to a contact) and the enrollments a household registers together. */
@Injectable()
export class HouseholdRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findAttendee(manager: EntityManager, contactId: string, firstName: string, lastName: string): Promise<HouseholdStudent | null> {
    const rows = await manager.query(
      `SELECT ${STUDENT} FROM students WHERE household_contact_id = $1 AND lower(first_name) = lower($2) AND lower(last_name) = lower($3)`,
      [contactId, firstName, lastName],
    );
    return rows[0] ?? null;
  }

  async insertAttendee(
    manager: EntityManager,
    contact: HouseholdStudent,
    a: { firstName: string; lastName: string; dateOfBirth: string | null },
  ): Promise<HouseholdStudent> {
    const [row] = await returning<HouseholdStudent>(
      manager,
      `INSERT INTO students (organization_id, first_name, last_name, email, phone, communication_opt_in, household_contact_id, date_of_birth)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date) RETURNING ${STUDENT}`,
      [
        contact.organizationId,
        a.firstName,
        a.lastName,
        contact.email,
        contact.phone,
        contact.communicationOptIn,
        contact.id,
        a.dateOfBirth,
      ],
    );
    return row;
  }

  /** A date of birth given later for an attendee known without one; a known date is never written over. */
  async fillDateOfBirth(manager: EntityManager, id: string, dateOfBirth: string): Promise<void> {
    await manager.query('UPDATE students SET date_of_birth = $2::date, updated_at = now() WHERE id = $1 AND date_of_birth IS NULL', [
      id,
      dateOfBirth,
    ]);
  }

  /** The seat-taking enrollments (held or active) of these students in the class, locked. */
  seatEnrollments(
    manager: EntityManager,
    studentIds: string[],
    classId: string,
  ): Promise<{ id: string; studentId: string; status: 'held' | 'active'; paymentIntentId: string | null }[]> {
    return manager.query(
      `SELECT id, student_id AS "studentId", status, stripe_payment_intent_id AS "paymentIntentId" FROM enrollments
        WHERE student_id = ANY($1::uuid[]) AND class_id = $2 AND status IN ('held', 'active') ORDER BY id FOR UPDATE`,
      [studentIds, classId],
    );
  }

  /** held -> expired (replaced by a new registration): the class ids whose seats the caller frees. */
  async expireHolds(manager: EntityManager, ids: string[]): Promise<string[]> {
    const rows = await returning<{ class_id: string }>(
      manager,
      `UPDATE enrollments SET status = 'expired', hold_expires_at = NULL WHERE id = ANY($1::uuid[]) AND status = 'held' RETURNING class_id`,
      [ids],
    );
    return rows.map((r) => r.class_id);
  }

  async insertEnrollment(
    manager: EntityManager,
    e: HouseholdEnrollmentInsert,
  ): Promise<{ id: string; enrollmentDate: Date; holdExpiresAt: Date | null }> {
    const [row] = await returning<{ id: string; enrollmentDate: Date; holdExpiresAt: Date | null }>(
      manager,
      `INSERT INTO enrollments (id, household_group_id, organization_id, student_id, class_id, payment_status, payment_method,
          amount_paid_cents, enrollment_date, status, hold_expires_at, amount_due_cents, cancellation_policy, registered_first_name,
          registered_last_name, registered_phone, registered_communication_opt_in)
       VALUES ($1, $2, $3, $4, $5, 'pending', CASE WHEN $6::boolean THEN 'card' ELSE 'in-person' END, 0, now(),
          CASE WHEN $6::boolean THEN 'held' ELSE 'active' END,
          CASE WHEN $6::boolean THEN now() + make_interval(mins => $7::int) END, $8::int, $9::jsonb, $10, $11, $12, $13)
       RETURNING id, enrollment_date AS "enrollmentDate", hold_expires_at AS "holdExpiresAt"`,
      [
        e.id,
        e.groupId,
        e.organizationId,
        e.studentId,
        e.classId,
        e.card !== null,
        e.card?.holdMinutes ?? 0,
        e.card?.amountDueCents ?? null,
        JSON.stringify(e.policy),
        e.registered.firstName,
        e.registered.lastName,
        e.registered.phone,
        e.registered.communicationOptIn,
      ],
    );
    return row;
  }

  /** The PaymentIntent that pays for the whole group, on each of its enrollments. */
  async setGroupPaymentIntent(groupId: string, paymentIntentId: string): Promise<void> {
    await this.db.query(
      'UPDATE enrollments SET stripe_payment_intent_id = $2 WHERE household_group_id = $1 AND stripe_payment_intent_id IS NULL',
      [groupId, paymentIntentId],
    );
  }

  /** The household contacts of these students (attendees), by attendee id. */
  async contactsOf(students: { id: string; householdContactId?: string | null }[]): Promise<Map<string, HouseholdContact>> {
    const ids = [...new Set(students.map((s) => s.householdContactId).filter((x): x is string => !!x))];
    if (!ids.length) return new Map();
    const rows: HouseholdContact[] = await this.db.query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone FROM students WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out = new Map<string, HouseholdContact>();
    for (const s of students) if (s.householdContactId && byId.has(s.householdContactId)) out.set(s.id, byId.get(s.householdContactId)!);
    return out;
  }

  /** The attendees registered under these contacts, by contact id. */
  async membersOf(
    contactIds: string[],
  ): Promise<Map<string, { id: string; firstName: string; lastName: string; dateOfBirth: string | null }[]>> {
    const out = new Map<string, { id: string; firstName: string; lastName: string; dateOfBirth: string | null }[]>();
    if (!contactIds.length) return out;
    const rows: { id: string; firstName: string; lastName: string; dateOfBirth: string | null; contactId: string }[] = await this.db.query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", date_of_birth::text AS "dateOfBirth", household_contact_id AS "contactId"
         FROM students WHERE household_contact_id = ANY($1::uuid[]) ORDER BY lower(first_name), id`,
      [contactIds],
    );
    for (const { contactId, ...r } of rows) out.set(contactId, [...(out.get(contactId) ?? []), r]);
    return out;
  }
}
