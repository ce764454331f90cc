import { Injectable, NotFoundException } from '@nestjs/common';
import { AppException } from '../../common/http/app-exception';
import { isIanaTimeZone, localDate, SERVER_TIME_ZONE } from '../../common/time-zone';
import type { ClassEntity } from '../classes/class.entity';
import { ClassSessionsService } from '../classes/class-sessions.service';
import { ClassesService } from '../classes/classes.service';
import { PricingService } from '../pricing/pricing.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { RegistrationError, RegistrationException } from '../registration/registration.exception';
import { SeatWriter } from '../registration/seat-writer';
import { StudentRecordsService } from '../registration/student-records.service';
import { AttendanceRepository } from './attendance.repository';
import { SESSION_DATE, SESSION_DATE_MESSAGE, type WalkInDto } from './dto/teacher-session.dto';

/** One session of a class, named the way the teacher's calendar names it. */
interface SessionRef {
  cls: ClassEntity;
  /** The session's record (null only for a class written around the records: then no drop-in can name it). */
  sessionId: string | null;
  sessionIndex: number;
  startsAt: Date;
  date: string;
}

const dollars = (cents: number) => cents / 100;

/**
 * The teacher's screen per class session: the roll with attendance and payment side by side, the
 * totals, notes, and walk-ins. Writes of attendance and payments go through their existing routes; this service
 * reads them together and owns only the notes.
 */
@Injectable()
export class TeacherSessionsService {
  constructor(
    private readonly repo: AttendanceRepository,
    private readonly classes: ClassesService,
    private readonly students: StudentRecordsService,
    private readonly seats: SeatWriter,
    private readonly orgs: OrganizationsService,
    private readonly pricing: PricingService,
    private readonly sessions: ClassSessionsService,
  ) {}

  async session(organizationId: string, classId: string, date: string) {
    const { cls, sessionId, sessionIndex, startsAt } = await this.resolve(organizationId, classId, date);
    const [everyone, marks, note] = await Promise.all([
      this.students.studentsOfClass(cls.id, organizationId, true),
      this.repo.marksOfSession(cls.id, organizationId, sessionIndex),
      this.repo.notesOf(cls.id, organizationId, sessionIndex),
    ]);
    // A drop-in (issue 39 §3) is on its own session's roll only; everyone registered for the whole class is on every one.
    const sessionOf = (s: (typeof everyone)[number]) => s.classEnrollments.find((x) => x.classId === cls.id)?.classSessionId ?? null;
    const students = everyone.filter((s) => sessionOf(s) === null || sessionOf(s) === sessionId);
    const attended = new Map(marks.map((m) => [m.studentId, m.attended]));
    // What is open costs what the price quote asked for that seat (discounts and codes included); only an enrollment
    // from before price quotes falls back to today's quote of the class.
    const mine = (s: (typeof students)[number]) => s.classEnrollments.find((x) => x.classId === cls.id)!;
    const fallback = students.some((s) => mine(s).amountDue === null)
      ? (await this.pricing.quote({ organizationId, cls })).totalCents / 100
      : 0;
    const roll = students.map((s) => {
      const e = s.classEnrollments.find((x) => x.classId === cls.id)!;
      const mark = attended.get(s.id);
      // A paid registration with a balance (a switch to a dearer class, the difference due in person) is still to collect.
      const paid = e.paymentStatus === 'completed' && !(e.balanceDue > 0);
      return {
        studentId: s.id,
        enrollmentId: e.id,
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        phone: s.phone,
        attendance: mark === undefined ? null : mark ? ('present' as const) : ('absent' as const),
        paymentStatus: e.paymentStatus,
        // What was paid is what it cost; what is open costs today's amount due (spec README decision 11).
        amountDue: paid ? e.amountPaid : e.balanceDue > 0 ? e.balanceDue : (e.amountDue ?? fallback),
        amountPaid: e.amountPaid,
        balanceDue: e.balanceDue,
        paymentMethod: e.paymentMethod,
        // A payment plan unpaid past the grace days: the teacher may take it at the door (issue 40 §4).
        pastDue: e.pastDue,
        householdContact: s.householdContact,
        // What matters for safety: the answers the organization shows to teachers (allergies…), and a waiver missing.
        answers: e.answers,
        unsignedWaivers: e.unsignedWaivers ?? [],
        dropIn: e.classSessionId !== null && e.classSessionId !== undefined,
      };
    });
    const present = roll.filter((r) => r.attendance === 'present').length;
    const absent = roll.filter((r) => r.attendance === 'absent').length;
    const unpaid = roll.filter((r) => r.paymentStatus !== 'completed' || r.balanceDue > 0);
    return {
      classId: cls.id,
      title: cls.title,
      sessionIndex,
      date,
      startsAt,
      duration: cls.duration,
      location: cls.location,
      sessionsCount: Math.max(1, cls.days),
      seatsLeft: Math.max(0, cls.maxStudents - cls.enrolledStudents),
      roll,
      totals: {
        enrolled: roll.length,
        present,
        absent,
        unmarked: roll.length - present - absent,
        paid: roll.length - unpaid.length,
        toCollect: dollars(unpaid.reduce((n, r) => n + Math.round(r.amountDue * 100), 0)),
      },
      notes: note?.notes ?? '',
      notesUpdatedAt: note?.updatedAt ?? null,
    };
  }

  /** Every session of the class with its day in the organization's zone: the screen's session switcher. */
  async sessionsOf(organizationId: string, classId: string) {
    const cls = await this.classes.require(classId, organizationId);
    const zone = await this.zoneOf(organizationId);
    // A cancelled session stays in the switcher, marked, so the teacher sees why there is no roll that day.
    return (await this.sessions.startsOf(cls)).map(({ sessionIndex, startsAt, cancelled }) => ({
      sessionIndex,
      date: localDate(startsAt, zone),
      startsAt,
      cancelled,
    }));
  }

  async saveNotes(organizationId: string, userId: string, classId: string, date: string, notes: string) {
    const { cls, sessionIndex } = await this.resolve(organizationId, classId, date);
    const saved = await this.repo.saveNotes({ organizationId, classId: cls.id, sessionIndex, userId }, notes);
    return { classId: cls.id, date, sessionIndex, notes: saved.notes, updatedAt: saved.updatedAt };
  }

  /**
   * A walk-in takes a seat the way every registration does (SeatWriter.write: ClassesService.takeSeat's
   * conditional update in one transaction with the student and the enrollment), so it can never oversell against
   * an online registration. Paid now: the enrollment is completed in person for the amount due. The same email
   * again (a retry after a dropped connection) answers the existing enrollment instead of a 409.
   */
  async walkIn(organizationId: string, classId: string, dto: WalkInDto) {
    const cls = await this.classes.require(classId, organizationId);
    const { paidNow, ...fields } = dto;
    // The one price quote (the organization's automatic discounts apply to a walk-in too).
    const quote = await this.pricing.quote({ organizationId, cls, email: fields.email });
    try {
      const reply = await this.seats.write({
        organizationId,
        classId: cls.id,
        fields,
        payment: {
          method: 'in-person',
          status: paidNow ? 'completed' : 'pending',
          source: 'walk_in',
          amountPaidCents: paidNow ? quote.totalCents : 0,
        },
        quote,
        // A teacher is told the plan's own answer when its student limit is reached.
        publicRefusal: false,
      });
      const e = reply.classEnrollments[0];
      return {
        created: true,
        data: {
          studentId: reply.id,
          enrollmentId: e.id,
          firstName: reply.firstName,
          lastName: reply.lastName,
          email: reply.email,
          paymentStatus: e.paymentStatus,
          paymentMethod: e.paymentMethod,
          amountPaid: e.amountPaid,
          alreadyEnrolled: false,
        },
      };
    } catch (err) {
      if (!(err instanceof RegistrationException) || err.code !== RegistrationError.AlreadyEnrolled) throw err;
      const email = fields.email.toLowerCase();
      const existing = (await this.students.studentsOfClass(cls.id, organizationId)).find((s) => s.email.toLowerCase() === email);
      if (!existing) throw err;
      const e = existing.classEnrollments.find((x) => x.classId === cls.id)!;
      return {
        created: false,
        data: {
          studentId: existing.id,
          enrollmentId: e.id,
          firstName: existing.firstName,
          lastName: existing.lastName,
          email: existing.email,
          paymentStatus: e.paymentStatus,
          paymentMethod: e.paymentMethod,
          amountPaid: e.amountPaid,
          alreadyEnrolled: true,
        },
      };
    }
  }

  /**
   * The session of the class on `date` (YYYY-MM-DD in the organization's zone). Sessions are the class schedule's
   * (its session records, as attendance counts them; a cancelled one is not held); a day without one is a readable 404, another organization's
   * class a 404 like a missing one.
   */
  private async resolve(organizationId: string, classId: string, date: string): Promise<SessionRef> {
    if (!SESSION_DATE.test(date)) throw new AppException(400, SESSION_DATE_MESSAGE, { errors: { date: SESSION_DATE_MESSAGE } });
    const cls = await this.classes.require(classId, organizationId);
    const zone = await this.zoneOf(organizationId);
    const starts = (await this.sessions.startsOf(cls)).filter((s) => !s.cancelled);
    const found = starts.find((s) => localDate(s.startsAt, zone) === date);
    if (!found) {
      const days = starts.map((s) => localDate(s.startsAt, zone)).join(', ');
      throw new NotFoundException(`${cls.title} has no session on ${date}. Its sessions are on ${days}.`);
    }
    return { cls, sessionId: found.id, sessionIndex: found.sessionIndex, startsAt: found.startsAt, date };
  }

  /** The organization's zone: its setting when valid, otherwise the server's (as the reports count days). */
  private async zoneOf(organizationId: string): Promise<string> {
    const org = await this.orgs.require(organizationId);
    return isIanaTimeZone(org.settings?.timeZone) ? org.settings.timeZone : SERVER_TIME_ZONE;
  }
}
