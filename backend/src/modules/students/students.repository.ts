import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { Language } from '../../common/i18n/languages';
import type { Recipient } from '../communications/recipient-directory';
import { StudentEntity } from './student.entity';

/** Every column of a student as StudentEntity names it (the date of birth as TypeORM gives it: 'YYYY-MM-DD'). */
const STUDENT_COLUMNS = `id, organization_id AS "organizationId", first_name AS "firstName", last_name AS "lastName", email, phone,
  status, communication_opt_in AS "communicationOptIn", stripe_customer_id AS "stripeCustomerId",
  registration_date AS "registrationDate", household_contact_id AS "householdContactId", date_of_birth::text AS "dateOfBirth", language,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** A student as the message recipients' list shows them: the recipient the communications module's port asks for. */
export type StudentContact = Recipient;

/**
 * `students`: the people of an organization, their contact details and their consent to messages. Their enrollments
 * are the registration module's (it asks here to find, add, change or remove a person).
 */
@Injectable()
export class StudentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  findInOrganization(id: string, organizationId: string, manager: EntityManager = this.db.manager) {
    return manager.getRepository(StudentEntity).findOne({ where: { id, organizationId } });
  }

  listContacts(organizationId: string): Promise<StudentContact[]> {
    return this.db.query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone, communication_opt_in AS "communicationOptIn"
       FROM students WHERE organization_id = $1 ORDER BY lower(first_name), lower(last_name), id`,
      [organizationId],
    );
  }

  async communicationOptIns(ids: string[], manager: EntityManager = this.db.manager): Promise<Map<string, boolean>> {
    if (!ids.length) return new Map();
    const rows: { id: string; optIn: boolean }[] = await manager.query(
      'SELECT id, communication_opt_in AS "optIn" FROM students WHERE id = ANY($1)',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.optIn]));
  }

  /**
   * Each student's language for their messages, by id: their own, else (a household attendee) their contact's; null
   * when neither is known (the organization's default applies). Read in the caller's transaction when given.
   */
  async languages(ids: string[], manager: EntityManager = this.db.manager): Promise<Map<string, Language | null>> {
    if (!ids.length) return new Map();
    const rows: { id: string; language: Language | null }[] = await manager.query(
      `SELECT s.id, coalesce(s.language, c.language) AS language
       FROM students s LEFT JOIN students c ON c.id = s.household_contact_id WHERE s.id = ANY($1)`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.language]));
  }

  /** A language learnt from a later registration for a student known without one; a known language is kept. */
  async fillLanguage(manager: EntityManager, id: string, language: Language): Promise<void> {
    await manager.query('UPDATE students SET language = $2 WHERE id = $1 AND language IS NULL', [id, language]);
  }

  /** The student by id in the caller's transaction (the caller has the id from its own organization's row). */
  findById(id: string, manager: EntityManager): Promise<StudentEntity | null> {
    return manager.getRepository(StudentEntity).findOneBy({ id });
  }

  async setCommunicationOptIn(
    organizationId: string,
    id: string,
    optIn: boolean,
    manager: EntityManager = this.db.manager,
  ): Promise<boolean> {
    const rows: [unknown[], number] = await manager.query(
      'UPDATE students SET communication_opt_in = $3, updated_at = now() WHERE id = $1 AND organization_id = $2 RETURNING id',
      [id, organizationId, optIn],
    );
    return rows[0].length > 0;
  }

  findByEmail(organizationId: string, email: string, manager: EntityManager = this.db.manager) {
    return (
      manager
        .getRepository(StudentEntity)
        .createQueryBuilder('s')
        // Household attendees share their contact's email: the email names the contact.
        .where('s.organization_id = :organizationId AND lower(s.email) = lower(:email) AND s.household_contact_id IS NULL', {
          organizationId,
          email,
        })
        .getOne()
    );
  }

  /** Students by id (any organization: the caller has the ids from its own organization's rows). */
  findByIds(ids: string[]): Promise<StudentEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.getRepository(StudentEntity).findBy({ id: In(ids) });
  }

  /**
   * A new person (not a household attendee), unless the organization already has one with this email: then null and
   * nothing written. The unique index on the email (household attendees aside) decides, so two registrations of one
   * new email at once make one student; the second waits for the first's transaction and gets null if it commits.
   * Plain SQL: a registration in an opening rush spends no TypeORM entity work here.
   */
  async insertIfNew(
    manager: EntityManager,
    data: Pick<StudentEntity, 'organizationId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'communicationOptIn' | 'language'>,
  ): Promise<StudentEntity | null> {
    const rows: StudentEntity[] = await manager.query(
      `INSERT INTO students (organization_id, first_name, last_name, email, phone, communication_opt_in, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, lower(email)) WHERE household_contact_id IS NULL DO NOTHING
       RETURNING ${STUDENT_COLUMNS}`,
      [data.organizationId, data.firstName, data.lastName, data.email, data.phone, data.communicationOptIn, data.language ?? null],
    );
    return rows[0] ? Object.assign(new StudentEntity(), rows[0]) : null;
  }

  insertStudent(manager: EntityManager, data: Partial<StudentEntity>) {
    const repo = manager.getRepository(StudentEntity);
    return repo.save(repo.create(data));
  }

  saveStudent(manager: EntityManager, s: StudentEntity) {
    return manager.getRepository(StudentEntity).save(s);
  }

  async deleteStudent(manager: EntityManager, id: string, organizationId: string): Promise<boolean> {
    const rows = await returning(manager, 'DELETE FROM students WHERE id = $1 AND organization_id = $2 RETURNING id', [id, organizationId]);
    return rows.length > 0;
  }

  /** Students per organization, for the IT-admin overview. */
  async countByOrganization(organizationIds: string[]): Promise<Map<string, number>> {
    const rows: { id: string; n: number }[] = await this.db.query(
      'SELECT organization_id AS id, count(*)::int AS n FROM students WHERE organization_id = ANY($1::uuid[]) GROUP BY 1',
      [organizationIds],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /** Deletes every student of the organization (their enrollments are gone first); answers how many. */
  async deleteAllOfOrganization(manager: EntityManager, organizationId: string): Promise<number> {
    const rows = await returning<{ id: string }>(manager, 'DELETE FROM students WHERE organization_id = $1 RETURNING id', [organizationId]);
    return rows.length;
  }

  /**
   * Erasure of a person: their name, email, phone and consent go, the row (and every financial record pointing at it)
   * stays as 'Erased Student'. A household's attendees carry a copy of their contact's email and phone: those go too.
   * Answers who they were (for the other owners to erase), or null when not in the organization.
   */
  async anonymise(manager: EntityManager, organizationId: string, id: string): Promise<{ name: string; email: string } | null> {
    const [s] = await manager.query(
      `SELECT first_name || ' ' || last_name AS name, email FROM students WHERE id = $1 AND organization_id = $2 FOR UPDATE`,
      [id, organizationId],
    );
    if (!s) return null;
    await manager.query(
      `UPDATE students SET first_name = 'Erased', last_name = 'Student', email = 'erased-' || id || '@erased.invalid', phone = '',
              communication_opt_in = false, stripe_customer_id = NULL, status = 'erased', updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
    );
    await manager.query(
      `UPDATE students SET email = 'erased-' || id || '@erased.invalid', phone = '', communication_opt_in = false, updated_at = now()
        WHERE household_contact_id = $1 AND organization_id = $2`,
      [id, organizationId],
    );
    return s as { name: string; email: string };
  }
}
