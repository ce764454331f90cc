import type { Language } from '../../common/i18n/languages';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Statement } from '../../common/db/together';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { CommunicationsService } from '../communications/communications.service';
import type { OrganizationEntity } from '../organizations/organization.entity';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { PaymentMethod, PaymentStatus, PriceLine } from './enrollment.entity';
import type { InPersonSeat } from './seat-write';

/** The registered student; their language when the caller read it (saves the confirmation a read of it). */
type Person = { id: string; firstName: string; lastName: string; email: string; language?: Language | null };

/**
 * What one person's in-person seat tells others, in its transaction: the activity events and the confirmation (built
 * as statements that travel with the enrollment's insert), then the `enrollment.created` webhook and, when paid on the
 * spot, `payment.succeeded`.
 */
@Injectable()
export class InPersonAnnouncements {
  constructor(
    private readonly activity: ActivityService,
    private readonly communications: CommunicationsService,
    private readonly webhooks: WebhookEvents,
  ) {}

  /** The registration's activity events in one insert (a new person, the enrollment, a class now full) and its confirmation. */
  async statements(
    m: EntityManager,
    s: {
      organizationId: string;
      cls: ClassEntity;
      student: Person;
      created: boolean;
      enrollmentId: string;
      fields: StudentFieldsDto;
      source: InPersonSeat['source'];
      priceBreakdown: PriceLine[] | null;
      org?: OrganizationEntity;
    },
  ): Promise<{ events: Statement | null; confirmation: Statement }> {
    const { organizationId, cls, student } = s;
    const classId = cls.id;
    const name = `${student.firstName} ${student.lastName}`;
    const events = this.activity.recordManyStatement(organizationId, [
      ...(s.created
        ? [
            {
              type: 'student_registration' as const,
              description: `${name} registered`,
              metadata: { studentId: student.id, studentName: name },
            },
          ]
        : []),
      {
        type: 'class_enrollment' as const,
        description: `${name} enrolled in ${cls.title}`,
        metadata: { studentId: student.id, studentName: name, classId, className: cls.title, paymentMethod: 'in-person', source: s.source },
      },
      ...(cls.enrolledStudents >= cls.maxStudents
        ? [
            {
              type: 'class_full' as const,
              description: `${cls.title} is now full`,
              metadata: { classId, className: cls.title, studentsCount: cls.enrolledStudents },
            },
          ]
        : []),
    ]);
    // The confirmation (with every session in an .ics) commits with the registration or not at all.
    const confirmation = await this.communications.registrationConfirmationStatement(m, {
      organizationId,
      enrollmentId: s.enrollmentId,
      classId,
      studentId: student.id,
      firstName: s.fields.firstName,
      lastName: s.fields.lastName,
      email: student.email,
      phone: s.fields.phone,
      language: student.language,
      priceLines: s.priceBreakdown,
      read: s.org ? { cls, org: s.org } : undefined,
    });
    return { events, confirmation };
  }

  /** `enrollment.created`, and `payment.succeeded` for a walk-in paid on the spot (announced like any other payment). */
  async published(
    m: EntityManager,
    p: {
      organizationId: string;
      cls: ClassEntity;
      student: Person;
      enrollment: { id: string; paymentStatus: PaymentStatus; paymentMethod: PaymentMethod };
      payment: InPersonSeat;
      /** The organization's row as admission read it: which events its endpoints want comes from its copy. */
      org?: OrganizationEntity;
    },
  ): Promise<void> {
    const { organizationId, cls, student, enrollment } = p;
    const name = `${student.firstName} ${student.lastName}`;
    await this.webhooks.publish(m, p.org?.id === organizationId ? p.org : organizationId, 'enrollment.created', {
      enrollmentId: enrollment.id,
      classId: cls.id,
      className: cls.title,
      studentId: student.id,
      studentName: name,
      email: student.email,
      paymentMethod: 'in-person',
      paymentStatus: enrollment.paymentStatus,
      source: p.payment.source,
    });
    // Paid with a credit: no money moved (credit.used says so), so no payment and no receipt.
    if (enrollment.paymentStatus === 'completed' && !p.payment.creditId)
      await this.webhooks.paymentSucceeded(m, organizationId, {
        studentId: student.id,
        studentName: name,
        classId: cls.id,
        className: cls.title,
        enrollmentId: enrollment.id,
        amountCents: p.payment.amountPaidCents,
        paymentMethod: 'in-person',
      });
  }
}
