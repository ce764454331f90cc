import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ListParams } from '../../common/http/list-query';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import type { StudentEntity } from '../students/student.entity';
import { StudentsService } from '../students/students.service';
import { UsageService } from '../subscriptions/usage.service';
import type { CreateStudentDto, EnrollmentInputDto, UpdateStudentDto } from './dto/student.dto';
import type { PaymentMethod } from './enrollment.entity';
import { EnrollmentsRepository } from './enrollments.repository';
import {
  cardEnrollmentRemoved,
  cardStatusChanged,
  cardStudentDeleted,
  isUniqueViolation,
  RegistrationError,
  RegistrationException,
} from './registration.exception';

const emailTaken = (message = 'A student with this email already exists') =>
  new RegistrationException(RegistrationError.EmailTaken, message);
import { mapStudent, type StudentResponse } from './student-record';
import { RegistrationFormsService } from '../registration-forms/registration-forms.service';
import { WaiversService } from '../registration-forms/waivers.service';
import { StudentRecordsRepository } from './student-records.repository';
import { WebhookEvents } from '../webhooks/webhook-events';
import { breakdown, PricingService } from '../pricing/pricing.service';
import { Seats } from './seats';

/**
 * The admin's student records: a student with their enrollments, read and edited as one. Adding a class takes its
 * seat, removing one frees it, and deleting a student frees every seat exactly once; the person's own details are
 * the students module's, changed through StudentsService in the same transaction.
 */
@Injectable()
export class StudentRecordsService {
  constructor(
    private readonly students: StudentsService,
    private readonly records: StudentRecordsRepository,
    private readonly enrollments: EnrollmentsRepository,
    private readonly classes: ClassesService,
    private readonly classSeats: Seats,
    private readonly orgs: OrganizationsService,
    private readonly usage: UsageService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    @InjectDataSource() private readonly db: DataSource,
    private readonly forms: RegistrationFormsService,
    private readonly waivers: WaiversService,
    private readonly pricing: PricingService,
  ) {}

  async list(organizationId: string, params: ListParams) {
    const { rows, enrollments, total } = await this.records.list(organizationId, params);
    const contacts = await this.students.householdContacts(rows);
    return { rows: rows.map((s) => mapStudent(s, enrollments.get(s.id) ?? [], { contact: contacts.get(s.id) })), total };
  }

  async get(id: string, organizationId: string): Promise<StudentResponse> {
    const s = await this.students.findInOrganization(id, organizationId);
    if (!s) throw new NotFoundException(`Student ${id} not found`);
    return (await this.withForms(organizationId, await this.withEnrollments([s])))[0];
  }

  /** The class roster; `teacherView`: only the answers the organization shows to teachers. */
  async studentsOfClass(classId: string, organizationId: string, teacherView = false) {
    await this.classes.require(classId, organizationId);
    const rows = await this.records.studentsOfClass(classId, organizationId);
    const contacts = await this.students.householdContacts(rows.map((r) => r.student));
    const records = rows.map(({ student, enrollment }) => mapStudent(student, [enrollment], { contact: contacts.get(student.id) }));
    return this.withForms(organizationId, records, { teacherView, classId });
  }

  /**
   * Each enrollment with its registration form answers and signed waivers; on a class roster also the class's
   * waivers it has not signed in their newest version (flagged on the teacher's roll).
   */
  private async withForms(organizationId: string, records: StudentResponse[], opts: { teacherView?: boolean; classId?: string } = {}) {
    const ids = records.flatMap((r) => [...r.classEnrollments, ...r.pastEnrollments].map((e) => e.id));
    const [answers, signed, unsigned] = await Promise.all([
      this.forms.answersByEnrollment(organizationId, ids, opts.teacherView),
      this.waivers.ofEnrollments(organizationId, ids),
      opts.classId ? this.waivers.unsignedByEnrollment(organizationId, opts.classId, ids) : null,
    ]);
    const decorate = (e: StudentResponse['classEnrollments'][number]) => ({
      ...e,
      answers: answers.get(e.id) ?? [],
      waivers: signed
        .filter((a) => a.enrollmentId === e.id)
        .map(({ id, waiverTitle, version, current, signedName, signedAs, acceptedAt }) => ({
          id,
          waiverTitle,
          version,
          current,
          signedName,
          signedAs,
          acceptedAt,
        })),
      ...(unsigned ? { unsignedWaivers: unsigned.get(e.id) ?? [] } : {}),
    });
    return records.map((r) => ({
      ...r,
      classEnrollments: r.classEnrollments.map(decorate),
      pastEnrollments: r.pastEnrollments.map(decorate),
    }));
  }

  /** The household contacts of these students (attendees), by attendee id: for rosters built elsewhere (teacher screens). */
  householdContacts(students: { id: string; householdContactId?: string | null }[]) {
    return this.students.householdContacts(students);
  }

  async create(organizationId: string, dto: CreateStudentDto): Promise<StudentResponse> {
    try {
      const id = await this.db.transaction(async (manager) => {
        // The classes it joins first, in id order, then the plan's student count: the order every registration path
        // follows (class, then count), so this cannot deadlock with them. Nothing organization-wide is locked.
        for (const classId of [...new Set((dto.classEnrollments ?? []).map((c) => c.classId))].sort())
          await this.classes.lock(manager, classId, organizationId);
        if (await this.students.findByEmail(organizationId, dto.email, manager)) throw emailTaken();
        await this.usage.takeStudentSlot(organizationId, manager);
        const student = await this.students.add(manager, organizationId, dto);
        const name = `${student.firstName} ${student.lastName}`;
        await this.activity.record(
          organizationId,
          'student_registration',
          `${name} was added`,
          { studentId: student.id, studentName: name },
          manager,
        );
        await this.applyEnrollments(manager, student, dto.classEnrollments ?? []);
        return student.id;
      });
      return this.get(id, organizationId);
    } catch (e) {
      if (isUniqueViolation(e)) throw emailTaken('A student with this email already exists, or is enrolled twice in one class');
      throw e;
    }
  }

  async update(id: string, organizationId: string, dto: UpdateStudentDto): Promise<StudentResponse> {
    try {
      await this.db.transaction(async (manager) => {
        await this.orgs.lockForUpdate(manager, organizationId);
        const student = await this.students.findInOrganization(id, organizationId, manager);
        if (!student) throw new NotFoundException(`Student ${id} not found`);
        const other = await this.students.findByEmail(organizationId, dto.email, manager);
        // A household attendee shares the contact's email.
        if (other && other.id !== id && other.id !== student.householdContactId) throw emailTaken();
        await this.students.update(manager, student, dto);
        // student.updated is announced by the students module, which every change to a person goes through.
        if (dto.classEnrollments) await this.applyEnrollments(manager, student, dto.classEnrollments);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw emailTaken();
      throw e;
    }
    return this.get(id, organizationId);
  }

  /** Deleting a student frees each of their seats exactly once. */
  async delete(id: string, organizationId: string) {
    await this.db.transaction(async (manager) => {
      const student = await this.students.findInOrganization(id, organizationId, manager);
      if (!student) throw new NotFoundException(`Student ${id} not found`);
      if ((await this.enrollments.cardEnrollmentClasses(manager, id)).length) throw cardStudentDeleted();
      // Attendees share the contact's email and phone: the household loses its contact only once they are gone.
      const members = (await this.students.householdMembers([id])).get(id) ?? [];
      if (members.length)
        throw new RegistrationException(
          RegistrationError.HouseholdContact,
          `This student is the household contact of ${members.map((m) => `${m.firstName} ${m.lastName}`).join(', ')}. Remove them first.`,
        );
      const freed = await this.enrollments.deleteEnrollments(manager, id);
      await this.classSeats.release(manager, organizationId, freed);
      await this.students.remove(manager, id, organizationId);
      await this.usage.studentsRemoved(organizationId, manager);
      const name = `${student.firstName} ${student.lastName}`;
      await this.activity.record(organizationId, 'student_removed', `${name} was removed`, { studentId: id, studentName: name }, manager);
    });
    return { id };
  }

  /**
   * Makes the student's enrollments match the list sent by the admin form: new classes take a seat,
   * removed ones free theirs, and a changed payment status is applied.
   */
  private async applyEnrollments(manager: EntityManager, student: StudentEntity, all: EnrollmentInputDto[]) {
    // Past enrollments sent back with the record (cancelled, expired) are history, not classes to enroll in.
    // Drop-ins (a seat in one session) are not the form's either: they are bought publicly and cancelled on their own.
    const wanted = all.filter((w) => !w.classSessionId && (w.status === undefined || w.status === 'held' || w.status === 'active'));
    // Only seat-taking enrollments are the form's to edit: cancelled and expired ones are history.
    const current = ((await this.records.enrollmentsOf([student.id], manager, true)).get(student.id) ?? []).filter(
      (e) => !e.classSessionId,
    );
    const wantedIds = new Set(wanted.map((w) => w.classId));
    if (wantedIds.size !== wanted.length)
      throw new RegistrationException(RegistrationError.DuplicateClass, 'A class appears twice in classEnrollments');
    const removed = current.filter((e) => !wantedIds.has(e.classId)).map((e) => e.classId);
    if (removed.length && (await this.enrollments.cardEnrollmentClasses(manager, student.id, removed)).length)
      throw cardEnrollmentRemoved();
    const freed = await this.enrollments.deleteEnrollments(manager, student.id, removed);
    await this.classSeats.release(manager, student.organizationId, freed);
    for (const w of wanted) {
      const existing = current.find((e) => e.classId === w.classId);
      if (!existing) {
        const cls = await this.classSeats.hold(manager, w.classId, student.organizationId);
        const status = w.paymentStatus ?? 'pending';
        // The one price quote, as for any registration: the organization's automatic discounts for this person.
        const quote = await this.quoteFor(student, cls);
        const inserted = await this.enrollments.insertEnrollment(manager, {
          organizationId: student.organizationId,
          studentId: student.id,
          classId: w.classId,
          enrollmentDate: new Date(),
          paymentMethod: w.paymentMethod ?? 'in-person',
          paymentStatus: status,
          amountPaidCents: status === 'completed' ? quote.totalCents : 0,
          amountDueCents: quote.totalCents,
          priceBreakdown: breakdown(quote.lines),
          cancellationPolicy: await this.orgs.cancellationPolicies(manager, student.organizationId),
        });
        const name = `${student.firstName} ${student.lastName}`;
        // An admin or teacher adding a student is a walk-in enrollment; the public site's is online.
        await this.activity.record(
          student.organizationId,
          'class_enrollment',
          `${name} enrolled in ${cls.title}`,
          {
            studentId: student.id,
            studentName: name,
            classId: w.classId,
            className: cls.title,
            paymentMethod: w.paymentMethod ?? 'in-person',
            source: 'walk_in',
          },
          manager,
        );
        const method = w.paymentMethod ?? 'in-person';
        await this.webhooks.publish(manager, student.organizationId, 'enrollment.created', {
          enrollmentId: inserted.id,
          classId: w.classId,
          className: cls.title,
          studentId: student.id,
          studentName: name,
          email: student.email,
          paymentMethod: method,
          paymentStatus: status,
          source: 'walk_in',
        });
        if (status === 'completed')
          await this.announcePayment(
            manager,
            student,
            { id: inserted.id, classId: w.classId, className: cls.title },
            quote.totalCents,
            method,
          );
      } else if (w.paymentStatus && w.paymentStatus !== existing.paymentStatus) {
        if (existing.paymentMethod === 'card' || existing.status === 'held') throw cardStatusChanged();
        const cls = await this.classes.require(w.classId, student.organizationId, manager);
        // Paid: what this seat was quoted when it was taken (an enrollment from before quotes: today's quote).
        const due = w.paymentStatus !== 'completed' ? 0 : (existing.amountDueCents ?? (await this.quoteFor(student, cls)).totalCents);
        await this.enrollments.updateEnrollmentPayment(manager, existing.id, {
          paymentStatus: w.paymentStatus,
          amountPaidCents: due,
        });
        // The admin marking an in-person payment received from the student's record: the same event as mark-paid.
        if (w.paymentStatus === 'completed')
          await this.announcePayment(manager, student, { id: existing.id, classId: w.classId, className: cls.title }, due, 'in-person');
      }
    }
  }

  private announcePayment(
    manager: EntityManager,
    student: StudentEntity,
    e: { id: string; classId: string; className: string },
    amountCents: number,
    paymentMethod: PaymentMethod,
  ) {
    return this.webhooks.paymentSucceeded(manager, student.organizationId, {
      studentId: student.id,
      studentName: `${student.firstName} ${student.lastName}`,
      classId: e.classId,
      className: e.className,
      enrollmentId: e.id,
      amountCents,
      paymentMethod,
    });
  }

  private quoteFor(student: StudentEntity, cls: ClassEntity) {
    return this.pricing.quote({
      organizationId: student.organizationId,
      cls,
      email: student.email,
      attendees: [{ dateOfBirth: student.dateOfBirth ?? null }],
    });
  }

  private async withEnrollments(rows: StudentEntity[]) {
    const enrollments = await this.records.enrollmentsOf(rows.map((r) => r.id));
    const contacts = await this.students.householdContacts(rows);
    const members = await this.students.householdMembers(rows.filter((r) => !r.householdContactId).map((r) => r.id));
    return rows.map((s) => mapStudent(s, enrollments.get(s.id) ?? [], { contact: contacts.get(s.id), members: members.get(s.id) }));
  }
}
