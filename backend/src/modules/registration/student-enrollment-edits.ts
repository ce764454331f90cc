import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { breakdown, PricingService } from '../pricing/pricing.service';
import type { StudentEntity } from '../students/student.entity';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { EnrollmentInputDto } from './dto/student.dto';
import type { PaymentMethod } from './enrollment.entity';
import { EnrollmentsRepository } from './enrollments.repository';
import {
  cardEnrollmentRemoved,
  cardStatusChanged,
  cardStudentDeleted,
  RegistrationError,
  RegistrationException,
} from './registration.exception';
import { Seats } from './seats';
import { StudentRecordsRepository } from './student-records.repository';

/**
 * The classes of a student's record as the admin edits them (the record's form, deleting the student): a class added
 * takes its seat and is priced by the one price quote, a class removed or a student deleted frees each seat once, a
 * changed payment status is recorded and announced. Runs in the record's transaction.
 */
@Injectable()
export class StudentEnrollmentEdits {
  constructor(
    private readonly records: StudentRecordsRepository,
    private readonly enrollments: EnrollmentsRepository,
    private readonly classSeats: Seats,
    private readonly classes: ClassesService,
    private readonly pricing: PricingService,
    private readonly orgs: OrganizationsService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
  ) {}

  /** A student with a card payment on record is not deleted here (its money is settled through the payments routes). */
  async refuseCardPaid(manager: EntityManager, studentId: string): Promise<void> {
    if ((await this.enrollments.cardEnrollmentClasses(manager, studentId)).length) throw cardStudentDeleted();
  }

  /** Every enrollment of a student being deleted, each seat freed once. */
  async removeAll(manager: EntityManager, studentId: string, organizationId: string): Promise<void> {
    const freed = await this.enrollments.deleteEnrollments(manager, studentId);
    await this.classSeats.release(manager, 'enrollment', organizationId, freed);
  }

  /**
   * Makes the student's enrollments match the list sent by the admin form: new classes take a seat,
   * removed ones free theirs, and a changed payment status is applied.
   */
  async apply(manager: EntityManager, student: StudentEntity, all: EnrollmentInputDto[]) {
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
    await this.classSeats.release(manager, 'enrollment', student.organizationId, freed);
    for (const w of wanted) {
      const existing = current.find((e) => e.classId === w.classId);
      if (!existing) {
        const cls = await this.classSeats.hold(manager, 'enrollment', w.classId, student.organizationId);
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
}
