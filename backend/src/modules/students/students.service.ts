import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { RecipientDirectoryPort, type Recipient, type RecipientDirectory } from '../communications/recipient-directory';
import type { Language } from '../../common/i18n/languages';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { StudentFieldsDto } from './dto/student-fields.dto';
import { HouseholdsRepository } from './households.repository';
import type { HouseholdStudent, StudentEntity } from './student.entity';
import { StudentsRepository } from './students.repository';

/**
 * The directory of people: an organization's students, their contact details and their consent to messages, and the
 * households that link an attendee to the contact who registered them. What happens to a seat (enrollments) is the
 * registration module's, which finds, adds and removes people through this service. It also fills the
 * communications module's recipient directory, so messages reach people without that module importing this one.
 *
 * Every change to a known person goes through here and announces `student.updated` (outbound webhooks) in the same
 * transaction: the admin's edit, the student's own portal changes, unsubscribing, a date of birth filled in by a
 * later household registration, and erasure. Connected tools (a CRM, a spreadsheet) then never drift from Classlane.
 */
@Injectable()
export class StudentsService implements RecipientDirectory, OnModuleInit {
  constructor(
    private readonly repo: StudentsRepository,
    private readonly households: HouseholdsRepository,
    private readonly recipients: RecipientDirectoryPort,
    private readonly webhooks: WebhookEvents,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    this.recipients.fill(this);
  }

  /** The student of this organization (null when not found), read in the caller's transaction when given. */
  findInOrganization(id: string, organizationId: string, manager?: EntityManager): Promise<StudentEntity | null> {
    return this.repo.findInOrganization(id, organizationId, manager);
  }

  /** The organization's student with this email (a household's contact, never an attendee sharing it). */
  findByEmail(organizationId: string, email: string, manager?: EntityManager): Promise<StudentEntity | null> {
    return this.repo.findByEmail(organizationId, email, manager);
  }

  findByIds(ids: string[]): Promise<StudentEntity[]> {
    return this.repo.findByIds(ids);
  }

  /** A new student from a registration's fields, or null when the organization already has this email (nothing written). */
  addIfNew(manager: EntityManager, organizationId: string, f: StudentFieldsDto): Promise<StudentEntity | null> {
    return this.repo.insertIfNew(manager, studentFields(organizationId, f));
  }

  /** A new student from the fields a form gave (consent defaults to yes, as on the public form). */
  add(manager: EntityManager, organizationId: string, f: StudentFieldsDto & { status?: string }): Promise<StudentEntity> {
    return this.repo.insertStudent(manager, studentFields(organizationId, f));
  }

  /**
   * A change to a student's details: the admin's edit or the student's own in the portal (the caller checked the
   * email is free). Announced as `student.updated` when something actually changed.
   */
  async update(manager: EntityManager, s: StudentEntity, f: StudentFieldsDto & { status?: string }): Promise<StudentEntity> {
    const before = announced(s);
    Object.assign(s, studentFields(s.organizationId, f));
    const saved = await this.repo.saveStudent(manager, s);
    await this.announce(manager, saved, before);
    return saved;
  }

  /** Deletes the student (their enrollments are gone first); false when not found. */
  remove(manager: EntityManager, id: string, organizationId: string): Promise<boolean> {
    return this.repo.deleteStudent(manager, id, organizationId);
  }

  /** IT-admin overview: students per organization. */
  countByOrganization(organizationIds: string[]): Promise<Map<string, number>> {
    return this.repo.countByOrganization(organizationIds);
  }

  /** IT-admin bulk delete: every student of the organization (their enrollments are gone first); answers how many. */
  deleteAllOfOrganization(manager: EntityManager, organizationId: string): Promise<number> {
    return this.repo.deleteAllOfOrganization(manager, organizationId);
  }

  // --- Households: attendees are students linked to the contact who registered them ---

  /** The household contacts of these students (attendees), by attendee id. */
  householdContacts(students: { id: string; householdContactId?: string | null }[]) {
    return this.households.contactsOf(students);
  }

  /** The attendees registered under these contacts, by contact id. */
  householdMembers(contactIds: string[]) {
    return this.households.membersOf(contactIds);
  }

  findAttendee(manager: EntityManager, contactId: string, firstName: string, lastName: string): Promise<HouseholdStudent | null> {
    return this.households.findAttendee(manager, contactId, firstName, lastName);
  }

  addAttendee(
    manager: EntityManager,
    contact: HouseholdStudent,
    a: { firstName: string; lastName: string; dateOfBirth: string | null },
  ): Promise<HouseholdStudent> {
    return this.households.insertAttendee(manager, contact, a);
  }

  /** A date of birth given later for an attendee known without one; a known date is never written over. */
  async fillDateOfBirth(manager: EntityManager, id: string, dateOfBirth: string): Promise<void> {
    if (!(await this.households.fillDateOfBirth(manager, id, dateOfBirth))) return;
    const s = await this.repo.findById(id, manager);
    if (s) await this.announce(manager, s, { ...announced(s), dateOfBirth: null });
  }

  // --- The communications module's recipient directory ---

  contacts(organizationId: string): Promise<Recipient[]> {
    return this.repo.listContacts(organizationId);
  }

  async find(organizationId: string, id: string): Promise<Recipient | null> {
    const s = await this.repo.findInOrganization(id, organizationId);
    return s
      ? { id: s.id, firstName: s.firstName, lastName: s.lastName, email: s.email, phone: s.phone, communicationOptIn: s.communicationOptIn }
      : null;
  }

  optIns(ids: string[], manager?: EntityManager): Promise<Map<string, boolean>> {
    return this.repo.communicationOptIns(ids, manager);
  }

  languages(ids: string[], manager?: EntityManager): Promise<Map<string, Language | null>> {
    return this.repo.languages(ids, manager);
  }

  /** The language of the page a known student registered on again, kept when they had none (a known one stays). */
  async fillLanguage(manager: EntityManager, s: StudentEntity, language: Language | null | undefined): Promise<void> {
    if (!language || s.language) return;
    await this.repo.fillLanguage(manager, s.id, language);
    s.language = language;
  }

  /** Unsubscribing (or the consent set by other paths than the edit): announced when it changed. */
  setOptIn(organizationId: string, id: string, optIn: boolean): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const s = await this.repo.findInOrganization(id, organizationId, m);
      if (!s) return false;
      const before = announced(s);
      if (!(await this.repo.setCommunicationOptIn(organizationId, id, optIn, m))) return false;
      await this.announce(m, { ...s, communicationOptIn: optIn }, before);
      return true;
    });
  }

  // --- Erasure ---
  /** Erasure: the person is anonymised (the row stays for the money trail); null when not in the organization. */
  async anonymise(manager: EntityManager, organizationId: string, id: string): Promise<{ name: string; email: string } | null> {
    const person = await this.repo.anonymise(manager, organizationId, id);
    if (!person) return null;
    // Connected tools hold the person's details too: they learn the record now says 'Erased Student'.
    const s = await this.repo.findById(id, manager);
    if (s) await this.webhooks.publish(manager, organizationId, 'student.updated', { ...announced(s), erased: true });
    return person;
  }

  /** `student.updated` with the student as now stored and the fields that changed; nothing when none did. */
  private async announce(
    manager: EntityManager,
    s: Parameters<typeof announced>[0] & { organizationId: string },
    before: AnnouncedStudent,
  ) {
    const after = announced(s);
    const changed = (Object.keys(after) as (keyof AnnouncedStudent)[]).filter((k) => k !== 'studentId' && after[k] !== before[k]);
    if (!changed.length) return;
    await this.webhooks.publish(manager, s.organizationId, 'student.updated', { ...after, changed });
  }
}

type AnnouncedStudent = ReturnType<typeof announced>;

/** What a `student.updated` event says about the student (the fields a connected tool keeps). */
function announced(s: {
  id?: string;
  studentId?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  communicationOptIn: boolean;
  householdContactId?: string | null;
  dateOfBirth?: string | null;
}) {
  return {
    studentId: (s.studentId ?? s.id)!,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone ?? null,
    communicationOptIn: s.communicationOptIn,
    householdContactId: s.householdContactId ?? null,
    dateOfBirth: s.dateOfBirth ?? null,
  };
}

/** A student's own fields from a registration's or an admin's form (the status only when the form sets one). */
function studentFields(
  organizationId: string,
  f: StudentFieldsDto & { status?: string },
): Pick<StudentEntity, 'organizationId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'communicationOptIn' | 'language'> & {
  status?: string;
} {
  return {
    organizationId,
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    phone: f.phone,
    communicationOptIn: f.communicationOptIn ?? true,
    // Absent from a form that does not show it (an edit keeps the language); null clears it (the default applies).
    ...(f.language !== undefined ? { language: f.language } : {}),
    ...(f.status ? { status: f.status } : {}),
  };
}
