import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { ActivityService } from '../activity/activity.service';
import type { LockedEnrollment } from '../registration/enrollment.entity';
import { EnrollmentsService } from '../registration/enrollments.service';
import { mapEnrollment } from '../registration/student-record';
import { StudentsService } from '../students/students.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { MarkPaymentDto } from './dto/mark-payment.dto';
import { PricingService } from '../pricing/pricing.service';
import { TopUpsRepository } from './top-ups.repository';
import type { StudentEntity } from '../students/student.entity';

interface PaymentContext {
  studentName: string;
  classTitle: string;
  cls: ClassEntity;
  student: StudentEntity;
}

const ALREADY_PAID_MESSAGE = 'This payment is already marked as paid';
const NOT_PAID_MESSAGE = 'This payment is not marked as paid';
const CARD_UNMARK_MESSAGE =
  'This enrollment was paid by card online and cannot be unmarked here. Refunds of card payments go through the payment provider.';

/** What the activity log keeps of an in-person payment (marked or unmarked), `cents` being its amount. */
function paymentFacts(ctx: PaymentContext, dto: MarkPaymentDto, cents: number) {
  return {
    amount: cents / 100,
    studentName: ctx.studentName,
    className: ctx.classTitle,
    paymentMethod: 'in-person' as const,
    studentId: dto.studentId,
    classId: dto.classId,
  };
}

/**
 * Payments taken at class (spec 3 §4 "Student payment per class"): a teacher or admin marks a pending
 * enrollment paid in person, or undoes their own in-person mark. The change and its activity event
 * commit together (spec README decision 9). The enrollment is the registration module's table, changed through
 * EnrollmentsService inside this module's transaction.
 */
@Injectable()
export class InPersonPaymentsService {
  constructor(
    private readonly students: StudentsService,
    private readonly enrollments: EnrollmentsService,
    private readonly classes: ClassesService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    @InjectDataSource() private readonly db: DataSource,
    private readonly pricing: PricingService,
    private readonly topUps: TopUpsRepository,
  ) {}

  markPaid(organizationId: string, dto: MarkPaymentDto) {
    return this.db.transaction(async (manager) => {
      const { ctx, enrollment } = await this.load(manager, organizationId, dto);
      const balance =
        enrollment.paymentStatus === 'completed' && enrollment.amountDueCents !== null
          ? enrollment.amountDueCents - (enrollment.amountPaidCents - enrollment.refundedCents)
          : 0;
      if (balance > 0) return this.payBalance(manager, organizationId, dto, ctx, enrollment, balance);
      // The price quoted at registration; an enrollment from before price quotes owes today's quote for this person.
      const amount =
        enrollment.amountDueCents ??
        (
          await this.pricing.quote({
            organizationId,
            cls: ctx.cls,
            email: ctx.student.email,
            attendees: [{ dateOfBirth: ctx.student.dateOfBirth ?? null }],
          })
        ).totalCents;
      const updated = await this.enrollments.markEnrollmentPaidInPerson(manager, enrollment.id, amount);
      if (!updated) {
        if (enrollment.paymentStatus === 'completed') throw new ConflictException(ALREADY_PAID_MESSAGE);
        throw new ConflictException(`Only a pending payment can be marked as paid; this one is ${enrollment.paymentStatus}`);
      }
      await this.activity.record(
        organizationId,
        'payment_received',
        `${ctx.studentName} paid $${(amount / 100).toFixed(2)} in person for ${ctx.classTitle}`,
        paymentFacts(ctx, dto, amount),
        manager,
      );
      // The same event as a card payment's, so a connected tool sees every payment whichever way it was taken.
      await this.webhooks.paymentSucceeded(manager, organizationId, {
        studentId: dto.studentId,
        studentName: ctx.studentName,
        classId: dto.classId,
        className: ctx.classTitle,
        enrollmentId: enrollment.id,
        amountCents: amount,
        paymentMethod: 'in-person',
      });
      return mapEnrollment({ ...updated, classTitle: ctx.classTitle });
    });
  }

  /**
   * A paid registration that switched to a dearer class with the difference due in person: exactly the balance is
   * taken, recorded as paid in person (the card payments stay as they were and are never refunded for it).
   */
  private async payBalance(
    manager: EntityManager,
    organizationId: string,
    dto: MarkPaymentDto,
    ctx: PaymentContext,
    enrollment: LockedEnrollment,
    cents: number,
  ) {
    const updated = await this.enrollments.payBalanceInPerson(manager, enrollment.id, cents);
    if (!updated) throw new ConflictException(ALREADY_PAID_MESSAGE);
    await this.topUps.payDue(manager, enrollment.id);
    const description = `${ctx.studentName} paid the difference of $${(cents / 100).toFixed(2)} in person for ${ctx.classTitle}`;
    const metadata = paymentFacts(ctx, dto, cents);
    await this.activity.record(organizationId, 'payment_received', description, metadata, manager);
    await this.webhooks.paymentSucceeded(manager, organizationId, {
      studentId: dto.studentId,
      studentName: ctx.studentName,
      classId: dto.classId,
      className: ctx.classTitle,
      enrollmentId: enrollment.id,
      amountCents: cents,
      paymentMethod: 'in-person',
    });
    return mapEnrollment({ ...updated, classTitle: ctx.classTitle });
  }

  markUnpaid(organizationId: string, dto: MarkPaymentDto) {
    return this.db.transaction(async (manager) => {
      const { ctx, enrollment } = await this.load(manager, organizationId, dto);
      const updated = await this.enrollments.markEnrollmentUnpaid(manager, enrollment.id);
      if (!updated) {
        if (enrollment.paymentStatus === 'completed' && enrollment.paymentMethod === 'card')
          throw new ConflictException(CARD_UNMARK_MESSAGE);
        throw new ConflictException(NOT_PAID_MESSAGE);
      }
      await this.activity.record(
        organizationId,
        'payment_unmarked',
        `In-person payment of ${ctx.studentName} for ${ctx.classTitle} was unmarked`,
        paymentFacts(ctx, dto, enrollment.amountPaidCents),
        manager,
      );
      return mapEnrollment({ ...updated, classTitle: ctx.classTitle });
    });
  }

  /** Student, class and enrollment of this organization (404 naming which is missing), enrollment locked. */
  private async load(
    manager: EntityManager,
    organizationId: string,
    dto: MarkPaymentDto,
  ): Promise<{ ctx: PaymentContext; enrollment: LockedEnrollment }> {
    const student = await this.students.findInOrganization(dto.studentId, organizationId, manager);
    if (!student) throw new NotFoundException(`Student with ID ${dto.studentId} not found`);
    const cls = await this.classes.require(dto.classId, organizationId, manager);
    const ctx = {
      studentName: `${student.firstName} ${student.lastName}`,
      classTitle: cls.title,
      cls,
      student,
    };
    const enrollment = await this.enrollments.lockEnrollment(manager, organizationId, dto.studentId, dto.classId);
    if (!enrollment) throw new NotFoundException('This student is not enrolled in this class');
    return { ctx, enrollment };
  }
}
