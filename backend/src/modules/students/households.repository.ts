import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { HouseholdContact, HouseholdStudent } from './student.entity';

const STUDENT = `id, organization_id AS "organizationId", first_name AS "firstName", last_name AS "lastName", email, phone, status,
  communication_opt_in AS "communicationOptIn", household_contact_id AS "householdContactId", date_of_birth::text AS "dateOfBirth"`;

/**
 * Households in the students table: attendees are students linked to their contact (`household_contact_id`), sharing
 * the contact's email and phone. Their enrollments are the registration module's.
 */
@Injectable()
export class HouseholdsRepository {
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
  /** True when the date was written (false: the attendee already had one). */
  async fillDateOfBirth(manager: EntityManager, id: string, dateOfBirth: string): Promise<boolean> {
    const rows = await returning(
      manager,
      'UPDATE students SET date_of_birth = $2::date, updated_at = now() WHERE id = $1 AND date_of_birth IS NULL RETURNING id',
      [id, dateOfBirth],
    );
    return rows.length > 0;
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
