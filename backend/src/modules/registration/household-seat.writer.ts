import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { ClassError, ClassException } from '../classes/classes.exception';
import { CommunicationsService } from '../communications/communications.service';
import { breakdown } from '../pricing/pricing.service';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import type { HouseholdStudent } from '../students/student.entity';
import { StudentsService } from '../students/students.service';
import { UsageService } from '../subscriptions/usage.service';
import type { AttendeeDto } from './dto/attendee.dto';
import { HouseholdRepository } from './household.repository';
import { RegistrationError, RegistrationException } from './registration.exception';
import { SeatParts } from './seat-parts';
import type { HouseholdWrite } from './seat-write';
import { Seats } from './seats';

/** One person of a household registration as the reply lists them. */
export interface HouseholdEnrollment {
  enrollmentId: string;
  studentId: string;
  firstName: string;
  lastName: string;
}

/** What a household registration took: one enrollment per attendee, the first one's id naming the group. */
export interface HouseholdSeats {
  groupId: string;
  contact: HouseholdStudent;
  cls: ClassEntity;
  enrollments: (HouseholdEnrollment & { enrollmentDate: Date; holdExpiresAt: Date | null })[];
  amountDueCents: number;
  /** PaymentIntents of earlier open holds of these people in this class, released here: the caller cancels them. */
  released: string[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Household registration, in SeatWriter's transaction: a contact (the registration's own fields, one student per email)
 * registers several people, each a student of their own linked to the contact. Every seat is taken or none, and the
 * plan's student limit counts every new record. In person, the enrollments are made now (one confirmation to the
 * contact listing everyone); as a card hold, one held enrollment per attendee, each owing their share of the quote.
 */
@Injectable()
export class HouseholdSeatWriter {
  constructor(
    private readonly repo: HouseholdRepository,
    private readonly parts: SeatParts,
    private readonly students: StudentsService,
    private readonly classes: ClassesService,
    private readonly classSeats: Seats,
    private readonly usage: UsageService,
    private readonly activity: ActivityService,
    private readonly communications: CommunicationsService,
  ) {}

  async write(m: EntityManager, w: HouseholdWrite): Promise<HouseholdSeats> {
    const { organizationId, fields, attendees, classId, quote, form } = w;
    const card = w.payment.method === 'card-hold' ? w.payment : null;
    const names = attendees.map((a) => `${a.firstName.trim().toLowerCase()} ${a.lastName.trim().toLowerCase()}`);
    if (new Set(names).size !== names.length)
      throw new RegistrationException(RegistrationError.DuplicateAttendee, 'Each person can be listed once', {
        errors: { attendees: 'Each person can be listed once' },
      });
    // The class row first, as every registration path does (then the plan's counters): a fixed order, no deadlock.
    // Nothing organization-wide is locked, so other classes' registrations go on meanwhile.
    await this.classes.lock(m, classId, organizationId);
    const cls = await this.classes.require(classId, organizationId, m);
    if (card) await card.assertAllowed(m);
    const { contact, created } = await this.contact(m, organizationId, fields);
    const people: { student: HouseholdStudent; created: boolean; attendee: AttendeeDto }[] = [];
    for (const a of attendees) people.push({ ...(await this.attendee(m, contact, fields, a)), attendee: a });

    // Already registered (active): refused, naming the person. An open card hold of the same person is released first.
    const existing = await this.repo.seatEnrollments(
      m,
      people.map((p) => p.student.id),
      classId,
    );
    const active = existing.find((e) => e.status === 'active');
    if (active) {
      const p = people.find((x) => x.student.id === active.studentId)!;
      throw new RegistrationException(
        RegistrationError.AlreadyEnrolled,
        `${p.attendee.firstName} ${p.attendee.lastName} is already enrolled in ${cls.title}.`,
        { isAlreadyEnrolled: true },
      );
    }
    const released: string[] = [];
    if (existing.length) {
      const freed = await this.repo.expireHolds(
        m,
        existing.map((e) => e.id),
      );
      await this.classSeats.release(m, 'enrollment', organizationId, freed);
      for (const e of existing) if (e.paymentIntentId && !released.includes(e.paymentIntentId)) released.push(e.paymentIntentId);
    }

    await this.takeSeatsOf(m, cls, people.length);
    const policy = await this.parts.policy(m, organizationId, w.read?.org);
    const groupId = randomUUID();
    const enrollments: HouseholdSeats['enrollments'] = [];
    for (const [i, p] of people.entries()) {
      const row = await this.repo.insertEnrollment(m, {
        id: i === 0 ? groupId : randomUUID(),
        groupId,
        organizationId,
        studentId: p.student.id,
        classId,
        card: card ? { holdMinutes: card.holdMinutes } : null,
        // Each person's share of the quote (a sibling's share is smaller), kept on their own enrollment.
        amountDueCents: quote.perAttendee[i]?.amountCents ?? quote.perAttendee[0].amountCents,
        priceBreakdown: breakdown(quote.perAttendee[i]?.lines ?? quote.perAttendee[0].lines),
        policy,
        registered: {
          firstName: p.attendee.firstName,
          lastName: p.attendee.lastName,
          phone: fields.phone,
          communicationOptIn: fields.communicationOptIn ?? true,
        },
      });
      enrollments.push({
        enrollmentId: row.id,
        studentId: p.student.id,
        firstName: p.attendee.firstName,
        lastName: p.attendee.lastName,
        enrollmentDate: row.enrollmentDate,
        holdExpiresAt: row.holdExpiresAt ? new Date(row.holdExpiresAt) : null,
      });
    }

    // One use of the code for the whole household; attendee i's answers and signatures on attendee i's enrollment.
    await this.parts.beside(m, {
      organizationId,
      classId,
      email: fields.email,
      enrollmentId: groupId,
      quote,
      form,
      seats: enrollments,
      fresh: true,
    });

    const newRecords = [...(created ? [contact] : []), ...people.filter((p) => p.created).map((p) => p.student)];
    for (const s of newRecords) {
      const name = `${s.firstName} ${s.lastName}`;
      await this.activity.record(organizationId, 'student_registration', `${name} registered`, { studentId: s.id, studentName: name }, m);
    }
    if (!card) {
      for (const p of people) {
        const name = `${p.student.firstName} ${p.student.lastName}`;
        await this.activity.record(
          organizationId,
          'class_enrollment',
          `${name} enrolled in ${cls.title}`,
          { studentId: p.student.id, studentName: name, classId, className: cls.title, paymentMethod: 'in-person', source: 'online' },
          m,
        );
      }
      const after = await this.classes.require(classId, organizationId, m);
      if (after.enrolledStudents >= after.maxStudents)
        await this.activity.record(
          organizationId,
          'class_full',
          `${cls.title} is now full`,
          { classId, className: cls.title, studentsCount: after.enrolledStudents },
          m,
        );
      // One confirmation to the contact listing everyone, committed with the registration.
      await this.communications.queueRegistrationConfirmation(m, {
        organizationId,
        enrollmentId: groupId,
        classId,
        studentId: contact.id,
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: contact.email,
        phone: fields.phone,
        attendees: enrollments.map((e) => ({ firstName: e.firstName, lastName: e.lastName })),
        priceLines: breakdown(quote.lines),
      });
    }
    return { groupId, contact, cls, enrollments, amountDueCents: quote.totalCents, released };
  }

  /** The seats of all attendees, or none: the transaction rolls back and the answer names the class and what is left. */
  private async takeSeatsOf(m: EntityManager, cls: ClassEntity, n: number): Promise<void> {
    for (let taken = 0; taken < n; taken++) {
      try {
        await this.classSeats.hold(m, 'enrollment', cls.id, cls.organizationId);
      } catch (e) {
        if (!(e instanceof ClassException) || e.code !== ClassError.ClassFull) throw e;
        const now = await this.classes.require(cls.id, cls.organizationId, m);
        const left = Math.max(0, now.maxStudents - (now.enrolledStudents - taken));
        const message =
          left === 0 ? `No seats are left in ${cls.title}` : `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left in ${cls.title}`;
        throw new RegistrationException(RegistrationError.ClassFull, message, {
          classId: cls.id,
          classTitle: cls.title,
          seatsLeft: left,
          requested: n,
        });
      }
    }
  }

  /**
   * The contact: the organization's student with this email (decision 15: stored details kept), or a new one, found or
   * made exactly as a single registration's person is (one insert guarded by the email's unique index, no lock): a
   * household racing a single registration of the same new email then waits for the other's transaction and uses its
   * student, whichever came first. A known contact left with only lapsed card holds takes a plan slot again, as in a
   * single registration (right when they attend; when they do not, the kept count is one high until a limit check
   * recounts it from the tables, which it does before refusing anyone).
   */
  private async contact(m: EntityManager, organizationId: string, f: StudentFieldsDto) {
    const { student, created } = await this.parts.person(m, organizationId, f);
    return { contact: toHousehold(student), created };
  }

  /** The contact themself (same name), the same child registered before under this contact, or a new record. */
  private async attendee(m: EntityManager, contact: HouseholdStudent, f: StudentFieldsDto, a: AttendeeDto) {
    const isContact =
      (same(a.firstName, f.firstName) && same(a.lastName, f.lastName)) ||
      (same(a.firstName, contact.firstName) && same(a.lastName, contact.lastName));
    if (isContact) return { student: contact, created: false };
    const known = await this.students.findAttendee(m, contact.id, a.firstName, a.lastName);
    if (known) {
      if (a.dateOfBirth && !known.dateOfBirth) await this.students.fillDateOfBirth(m, known.id, a.dateOfBirth);
      return { student: known, created: false };
    }
    await this.usage.takeStudentSlot(contact.organizationId, m);
    return {
      student: await this.students.addAttendee(m, contact, {
        firstName: a.firstName,
        lastName: a.lastName,
        dateOfBirth: a.dateOfBirth ?? null,
      }),
      created: true,
    };
  }
}

function toHousehold(s: {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: string;
  communicationOptIn: boolean;
  householdContactId?: string | null;
  dateOfBirth?: string | null;
}): HouseholdStudent {
  return {
    id: s.id,
    organizationId: s.organizationId,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone,
    status: s.status,
    communicationOptIn: s.communicationOptIn,
    householdContactId: s.householdContactId ?? null,
    dateOfBirth: s.dateOfBirth ?? null,
  };
}
