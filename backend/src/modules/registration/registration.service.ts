import { Injectable, NotFoundException } from '@nestjs/common';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import type { ClientInfo } from '../registration-forms/registration-forms.service';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import { StudentsService } from '../students/students.service';
import { noSeatOf, type SeatRead } from './admission';
import { Admission } from './admission.service';
import { withoutServerOwned, type CheckEnrollmentDto, type RegisterStudentDto } from './dto/student.dto';
import type { PaymentMethod, PaymentStatus } from './enrollment.entity';
import { EnrollmentsRepository } from './enrollments.repository';
import type { RegistrationReply } from './in-person-seat.writer';
import { RegistrantsService } from './registrants.service';
import { PAYMENT_LABEL, RegistrationError, RegistrationException } from './registration.exception';
import { SeatWriter, type HouseholdSeats } from './seat-writer';
import { CreditError, CreditException } from '../credits/credits.exception';

export type { RegistrationReply } from './in-person-seat.writer';

/**
 * The public registration of one person or a household, in person (payment pending), and the enrollment check the
 * public form asks first: admission (admission.ts) then the seat writer (seat-writer.ts), which a teacher's walk-in and
 * the card path use too.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly students: StudentsService,
    private readonly enrollments: EnrollmentsRepository,
    private readonly registrants: RegistrantsService,
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly admission: Admission,
    private readonly seats: SeatWriter,
  ) {}

  /** The already-enrolled answer of spec 2 §7, with what the dialog shows. */
  async checkEnrollment(dto: CheckEnrollmentDto) {
    const cls = await this.classes.publicGet(dto.classId);
    if (cls.organizationId !== dto.organizationId) throw new NotFoundException(`Class with ID ${dto.classId} not found`);
    const student = await this.students.findByEmail(dto.organizationId, dto.email);
    const enrollment = student ? await this.enrollments.findEnrollment(student.id, dto.classId, dto.classSessionId) : null;
    if (!enrollment) {
      // A drop-in's seats are its session's: the registration itself says when there is none left.
      const classFull = !dto.classSessionId && cls.enrolledStudents >= cls.maxStudents;
      // A new student the plan cannot take would only fail at the last step: say so now.
      if (!student && !classFull && (await this.registrants.studentLimitReached(dto.organizationId)))
        return this.registrants.registrationClosed(dto.organizationId, cls);
      return { enrolled: false, classFull };
    }
    const org = await this.orgs.publicOrganization(dto.organizationId);
    throw new RegistrationException(
      RegistrationError.AlreadyEnrolled,
      `You are already enrolled in ${cls.title} (${PAYMENT_LABEL[enrollment.paymentStatus]}).`,
      {
        isAlreadyEnrolled: true,
        details: {
          className: cls.title,
          classId: cls.id,
          existingEnrollment: { enrollmentDate: enrollment.enrollmentDate, paymentStatus: enrollment.paymentStatus },
        },
        organizationData: { name: org.branding.businessName || org.name, contactInfo: org.contactInfo },
        classInstructor: cls.instructor,
      },
    );
  }

  /**
   * Public registration (in person, payment pending). One transaction: the seat, the student (one
   * record per email in an organization) and the enrollment commit together or not at all.
   */
  async register(
    sent: RegisterStudentDto,
    client: ClientInfo = { ip: null, userAgent: null },
    /** The class as the controller's early full check read it for this body (readClass), when it did. */
    read?: SeatRead,
  ): Promise<RegistrationReply & { enrollments?: unknown[] }> {
    const dto = withoutServerOwned(sent);
    const classId = dto.classEnrollments[0]?.classId;
    const classSessionId = dto.classEnrollments[0]?.classSessionId;
    const creditId = dto.classEnrollments[0]?.creditId;
    if (creditId && dto.attendees)
      throw new CreditException(
        CreditError.OnePersonOnly,
        "A credit pays for one person's registration; register each person on their own.",
      );
    if (!classId)
      throw new RegistrationException(RegistrationError.NoClass, 'Choose a class to register for', {
        errors: { classEnrollments: 'Choose a class to register for' },
      });
    const { attendees, answers, waiverAcceptances, guardian, promoCode, earlyAccessToken, waitingRoomTicket, dateOfBirth, ...fields } = dto;
    // One order of checks for every path (admission.ts); its reads (the class, the organization and its plan, the form,
    // the quote) serve the rest of the request.
    const admitted = await this.admission.admit({
      organizationId: dto.organizationId,
      classId,
      classSessionId,
      contact: { ...fields, dateOfBirth },
      attendees,
      answers,
      waiverAcceptances,
      guardian,
      promoCode,
      earlyAccessToken,
      waitingRoomTicket,
      waitlistOfferToken: dto.waitlistOfferToken,
      client,
      read,
    });
    const { cls, org, seatPlan, quote, form, seat } = admitted;
    const write = {
      organizationId: dto.organizationId,
      classId,
      classSessionId,
      fields,
      // Paid with a credit: the registration is settled by the credit's use (taken with the seat), nothing is due.
      payment: creditId
        ? ({ method: 'in-person', status: 'completed', source: 'online', amountPaidCents: 0, creditId } as const)
        : ({ method: 'in-person', status: 'pending', source: 'online', amountPaidCents: 0 } as const),
      quote,
      form,
      dateOfBirth,
      waitlistOfferToken: dto.waitlistOfferToken,
      read: { cls, org, seatPlan, noSeatOfEmail: noSeatOf(seat, fields.email) },
    };
    if (!attendees) return await this.seats.write(write);
    // A household: every seat or none, and the reply lists each person's enrollment.
    return householdReply(await this.seats.write({ ...write, attendees }), fields);
  }
}

/** A household registered in person: the reply of POST /api/students/register with `enrollments` added. */
function householdReply(seats: HouseholdSeats, fields: StudentFieldsDto) {
  return {
    id: seats.contact.id,
    organizationId: seats.contact.organizationId,
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    phone: fields.phone,
    communicationOptIn: fields.communicationOptIn ?? true,
    classEnrollments: seats.enrollments.map((e) => ({
      id: e.enrollmentId,
      classId: seats.cls.id,
      classTitle: seats.cls.title,
      enrollmentDate: e.enrollmentDate,
      paymentStatus: 'pending' as PaymentStatus,
      paymentMethod: 'in-person' as PaymentMethod,
      amountPaid: 0,
    })),
    enrollments: seats.enrollments.map(({ enrollmentId, studentId, firstName, lastName }) => ({
      enrollmentId,
      studentId,
      firstName,
      lastName,
    })),
  };
}
