import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import type { StudentEntity } from '../students/student.entity';
import { StudentsService } from '../students/students.service';
import { SubscriptionError, SubscriptionException } from '../subscriptions/subscriptions.exception';
import { UsageService } from '../subscriptions/usage.service';
import { EnrollmentsRepository } from './enrollments.repository';
import { RegistrationError, RegistrationException } from './registration.exception';

/** The plan's refusal of one more student (its text is the admin's, never shown to a registrant). */
export const isStudentLimit = (e: unknown) =>
  e instanceof SubscriptionException && e.code === SubscriptionError.LimitReached && e.action === 'add_student';

/**
 * The person behind a public registration (in person, card, household) and the plan's student limit they may meet:
 * shared by every registration path so they find, create and refuse people the same way.
 */
@Injectable()
export class RegistrantsService {
  constructor(
    private readonly students: StudentsService,
    private readonly enrollments: EnrollmentsRepository,
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly usage: UsageService,
    private readonly activity: ActivityService,
  ) {}

  async findOrCreate(manager: EntityManager, organizationId: string, f: StudentFieldsDto) {
    if (await this.usage.keepsNoStudentCount(organizationId, manager)) {
      // No limit and no count: the row first (one statement for a new person); the unique index on the email says
      // whether the organization already has this person, who is then read.
      const added = await this.students.addIfNew(manager, organizationId, f);
      if (added) return { student: added, created: true };
      const known = await this.students.findByEmail(organizationId, f.email, manager);
      if (!known) throw new Error(`The student ${f.email} of organization ${organizationId} was neither added nor found`);
      await this.students.fillLanguage(manager, known, f.language);
      return { student: known, created: false };
    }
    const existing = await this.students.findByEmail(organizationId, f.email, manager);
    if (existing) return this.known(manager, organizationId, existing, f);
    // A new email: the plan's slot first (its count must not include this row), then the row, unless a registration
    // of the same email committed it meanwhile (the unique index on the email decides, without a lock or a second
    // look when there is no race).
    await this.usage.takeStudentSlot(organizationId, manager);
    const added = await this.students.addIfNew(manager, organizationId, f);
    if (added) return { student: added, created: true };
    // Lost the race: the slot was not needed after all (a kept count is recounted from the tables), and the other
    // registration's student is this person.
    await this.usage.studentsRemoved(organizationId, manager);
    const other = await this.students.findByEmail(organizationId, f.email, manager);
    if (!other) throw new Error(`The student ${f.email} of organization ${organizationId} was neither added nor found`);
    return this.known(manager, organizationId, other, f);
  }

  /**
   * Decision 15: a known email matches the student, whose stored name, phone and consent stay as they are. One left
   * by card attempts that never completed does not count toward maxStudents: enrolling it now counts it.
   */
  private async known(manager: EntityManager, organizationId: string, existing: StudentEntity, f: StudentFieldsDto) {
    await this.students.fillLanguage(manager, existing, f.language);
    if (!(await this.enrollments.countsTowardLimit(manager, existing.id))) await this.usage.takeStudentSlot(organizationId, manager);
    return { student: existing, created: false };
  }

  async studentLimitReached(organizationId: string): Promise<boolean> {
    try {
      await this.usage.assertCanAddStudent(organizationId);
      return false;
    } catch (e) {
      if (e instanceof SubscriptionException) return true;
      throw e;
    }
  }

  /**
   * Registration is closed by the organization's plan (its student limit): the student gets a text naming the
   * organization and its contact, never the plan talk meant for the admin; the admin gets an activity event.
   */
  async registrationClosed(organizationId: string, cls: { id: string; title: string }) {
    const org = await this.orgs.publicOrganization(organizationId);
    const name = org.branding.businessName || org.name;
    const plan = await this.usage.planOf(organizationId);
    await this.activity.record(
      organizationId,
      'registration_blocked',
      `A new student could not register for ${cls.title}: the ${plan.name} plan's limit of ${plan.limits.maxStudents} students is reached`,
      { classId: cls.id, className: cls.title, plan: plan.id, maxStudents: plan.limits.maxStudents },
    );
    return {
      enrolled: false,
      classFull: false,
      registrationClosed: true,
      message: `${name} is not accepting new online registrations right now. Please contact ${name} to register for this class.`,
      organizationData: { name, contactInfo: org.contactInfo },
    };
  }

  /** The student-facing 403 when the plan's student limit stops a registration (a household's card hold uses it too). */
  async registrationClosedError(organizationId: string, classId: string): Promise<RegistrationException> {
    const closed = await this.registrationClosed(organizationId, await this.classes.publicGet(classId));
    return new RegistrationException(RegistrationError.RegistrationClosed, closed.message, {
      registrationClosed: true,
      organizationData: closed.organizationData,
    });
  }
}
