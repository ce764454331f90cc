import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ClassesService, classFull } from '../classes/classes.service';
import { breakdown } from '../pricing/pricing.service';
import { StudentsService } from '../students/students.service';
import { CardEnrollmentsRepository } from './card-enrollments.repository';
import { CardEnrollmentsService } from './card-enrollments.service';
import type { PaymentMethod, PaymentStatus } from './enrollment.entity';
import { EnrollmentsRepository } from './enrollments.repository';
import { InPersonAnnouncements } from './in-person-announcements';
import { SeatParts } from './seat-parts';
import type { InPersonSeat, SeatWrite } from './seat-write';
import { Seats } from './seats';

/** The public registration's reply: this registration only (decision 15). */
export interface RegistrationReply {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  communicationOptIn: boolean;
  classEnrollments: {
    id: string;
    classId: string;
    classTitle: string;
    enrollmentDate: Date;
    paymentStatus: PaymentStatus;
    paymentMethod: PaymentMethod;
    amountPaid: number;
  }[];
}

/**
 * One person's seat in person (a public registration, or a teacher's walk-in), in SeatWriter's transaction. Locks: the
 * class row (its seat), then the organization's usage row only when a new student counts toward a limited plan.
 * Nothing is locked organization-wide, so registrations in different classes never wait on each other.
 */
@Injectable()
export class InPersonSeatWriter {
  constructor(
    private readonly parts: SeatParts,
    private readonly classes: ClassesService,
    private readonly classSeats: Seats,
    private readonly students: StudentsService,
    private readonly cards: CardEnrollmentsService,
    private readonly cardsRepo: CardEnrollmentsRepository,
    private readonly enrollments: EnrollmentsRepository,
    private readonly announce: InPersonAnnouncements,
  ) {}

  /**
   * A last-seat race ends with most callers finding the class full. Telling them before the class lock keeps them out
   * of the queue behind the winners' transactions. Only a plain "full" is answered here: a caller with a seat of their
   * own in the class (a hold to switch, an enrollment) and a waitlist offer's holder take the locked path.
   */
  async refuseEarlyWhenFull(w: SeatWrite): Promise<void> {
    // A drop-in's seat is its session's: the class being full is not its answer (its locked path decides).
    if (w.waitlistOfferToken || w.classSessionId) return;
    const read = w.read?.cls;
    const full = read
      ? read.status !== 'Archived' && read.enrolledStudents >= read.maxStudents
      : await this.classes.isFull(w.classId, w.organizationId);
    if (!full) return;
    if (await this.cards.heldFor(undefined, w.organizationId, w.fields.email, w.classId, false)) return;
    throw classFull();
  }

  async write(m: EntityManager, w: SeatWrite<InPersonSeat>): Promise<RegistrationReply> {
    const { organizationId, classId, fields, payment, quote, read } = w;
    // The same email holding a seat for a card payment in this class switches to paying in person: the held seat
    // becomes the registration (no second seat, no 409). Its PaymentIntent stays on the row: if the student pays it
    // after all, the payment is recorded as a card payment of this enrollment.
    // A waitlist offer's held seat becomes the registration's: no second seat.
    const offer = await this.parts.claimOffer(m, organizationId, classId, fields.email, w.waitlistOfferToken);
    // Not when this request's class read found no seat of this email's in the class.
    // A drop-in looks for this email's seat in its session only.
    const sessionId = w.classSessionId ?? null;
    const held =
      !offer && !read?.noSeatOfEmail ? await this.cards.heldFor(m, organizationId, fields.email, classId, true, sessionId) : null;
    const switched = held?.status === 'held' ? await this.cardsRepo.holdToInPerson(m, held.id) : null;
    const cls =
      switched || offer
        ? await this.classes.require(classId, organizationId, m)
        : sessionId && w.makeUp
          ? await this.classSeats.holdMakeUp(m, classId, organizationId, sessionId, w.makeUp.extraSeats)
          : sessionId
            ? await this.classSeats.holdDropIn(m, classId, organizationId, sessionId)
            : await this.classSeats.hold(m, 'enrollment', classId, organizationId);
    const { student, created } = switched
      ? { student: (await this.students.findInOrganization(held!.studentId, organizationId, m))!, created: false }
      : await this.parts.person(m, organizationId, fields, w.dateOfBirth);
    // The enrollment's id is chosen here: the confirmation's outbox row names it (its dedupe key) and is sent with it.
    const enrollmentId = switched?.id ?? randomUUID();
    // Paid with a credit: its use in this transaction, after the seat (never a use without its seat, nor a seat
    // without its use). Every credit registration locks the class row before the entitlement's: one order, no deadlock.
    if (payment.creditId)
      await this.parts.useCredit(m, {
        organizationId,
        creditId: payment.creditId,
        studentId: student.id,
        enrollmentId,
        cls,
        sessionId,
        quote,
      });
    const priceBreakdown = switched ? (switched.priceBreakdown ?? null) : quote ? breakdown(quote.lines) : null;
    const { events, confirmation } = await this.announce.statements(m, {
      organizationId,
      cls,
      student,
      created,
      enrollmentId,
      fields,
      source: payment.source,
      priceBreakdown,
      org: read?.org,
    });
    // The enrollment, its activity events and its confirmation go to the database as one statement (one round trip
    // instead of three), in this transaction: all of them commit or none.
    const enrollment =
      switched ??
      (await this.enrollments.insertEnrollment(
        m,
        {
          id: enrollmentId,
          organizationId,
          studentId: student.id,
          classId,
          paymentMethod: 'in-person',
          paymentStatus: payment.status,
          amountPaidCents: payment.amountPaidCents,
          enrollmentDate: new Date(),
          cancellationPolicy: await this.parts.policy(m, organizationId, read?.org),
          // Decision 15: the typed details are kept on the enrollment, never written over the stored student.
          registeredFirstName: fields.firstName,
          registeredLastName: fields.lastName,
          registeredPhone: fields.phone,
          registeredCommunicationOptIn: fields.communicationOptIn ?? true,
          amountDueCents: payment.creditId ? 0 : (quote?.totalCents ?? null),
          priceBreakdown,
          classSessionId: sessionId,
        },
        [events, confirmation],
      ));
    // A held card seat switched to in person is an update already made: its events and confirmation go alone.
    if (switched) await this.enrollments.writeTogether(m, [events, confirmation]);
    await this.parts.beside(m, {
      organizationId,
      classId,
      email: fields.email,
      enrollmentId: enrollment.id,
      quote,
      offerEntryId: offer?.entryId,
      form: w.form,
      seats: [{ enrollmentId: enrollment.id, studentId: student.id }],
      fresh: !switched,
    });
    if (w.makeUp) {
      await this.enrollments.markMakeUp(m, organizationId, enrollment.id);
      await w.makeUp.withSeat(m, { enrollmentId: enrollment.id, studentId: student.id });
    }
    await this.announce.published(m, { organizationId, cls, student, enrollment, payment, org: read?.org });
    // Only what the confirmation page needs for this registration: the caller is anonymous, so nothing of the stored
    // student (other classes, payments, stored name or phone) goes back.
    return {
      id: student.id,
      organizationId,
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email,
      phone: fields.phone,
      communicationOptIn: fields.communicationOptIn ?? true,
      classEnrollments: [
        {
          id: enrollment.id,
          classId,
          classTitle: cls.title,
          enrollmentDate: enrollment.enrollmentDate,
          paymentStatus: enrollment.paymentStatus,
          paymentMethod: enrollment.paymentMethod,
          amountPaid: enrollment.amountPaidCents / 100,
        },
      ],
    };
  }
}
