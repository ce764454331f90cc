import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MakeUpSeatUnavailable } from '../classes/makeup-seats.service';
import { covers } from '../credits/credit-rules';
import type { Entitlement } from '../credits/credit.types';
import { CreditsLedger } from '../credits/credits-ledger';
import { CreditError, CreditException } from '../credits/credits.exception';
import { SeatWriter } from '../registration/seat-writer';
import { StudentsService } from '../students/students.service';
import { DEFAULT_MAKEUP_POLICY, windowRefusal, type MakeupPolicy } from './makeup-policy';
import { MakeupError, MakeupException } from './makeups.exception';
import { MakeupsRepository, type MakeupSession } from './makeups.repository';

export interface BookedMakeup {
  enrollmentId: string;
  entitlementId: string;
  classId: string;
  classTitle: string;
  classSessionId: string;
  studentId: string;
}

/**
 * "Book a make-up" (issue 41 §3): the sessions a token may take, and the booking. The booking goes through the
 * registration pipeline's seat writer as a one-session seat (the session's seat key, as a drop-in's), and the token's
 * use is written in the same transaction: a refused use (expired, revoked, spent a moment ago) rolls the seat back.
 */
@Injectable()
export class MakeupBookingsService {
  constructor(
    private readonly repo: MakeupsRepository,
    private readonly ledger: CreditsLedger,
    private readonly seats: SeatWriter,
    private readonly students: StudentsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The sessions this token may book now, with seats: inside its policy's window and what the token covers. */
  async sessions(organizationId: string, actorStudentId: string, entitlementId: string): Promise<MakeupSession[]> {
    const { token, policy } = await this.token(organizationId, actorStudentId, entitlementId);
    return this.repo.sessionsFor(this.db.manager, organizationId, {
      studentId: token.holderStudentId,
      classIds: token.scope === 'classes' ? token.scopeClassIds : null,
      termId: token.scope === 'term' ? token.scopeTermId : null,
      fromHours: policy.bookUntilHoursBefore,
      aheadDays: policy.bookAheadDays,
    });
  }

  async book(
    organizationId: string,
    actorStudentId: string,
    input: { entitlementId: string; classSessionId: string },
  ): Promise<BookedMakeup> {
    const { token, policy } = await this.token(organizationId, actorStudentId, input.entitlementId);
    const session = await this.repo.session(this.db.manager, organizationId, input.classSessionId);
    if (!session) throw new MakeupException(MakeupError.SessionNotFound, 'Session not found.');
    if (!covers(token, { classId: session.classId, termId: session.termId, dropIn: true })) {
      throw new MakeupException(MakeupError.SessionNotEligible, 'This make-up cannot be booked in that class.');
    }
    const window = windowRefusal(policy, new Date(session.startsAt), new Date());
    if (window) {
      throw new MakeupException(
        MakeupError.OutsideWindow,
        window === 'too_soon'
          ? `Make-ups can be booked until ${policy.bookUntilHoursBefore} hours before the session.`
          : `Make-ups can be booked up to ${policy.bookAheadDays} days ahead.`,
        { window },
      );
    }
    const student = await this.students.findInOrganization(token.holderStudentId, organizationId);
    if (!student) throw new CreditException(CreditError.NotFound, 'Credit not found.');
    if (student.householdContactId) {
      throw new MakeupException(
        MakeupError.HouseholdMember,
        `A make-up for ${student.firstName} is booked by the organization for now: please contact them.`,
      );
    }
    const targetPolicy = (await this.repo.policy(this.db.manager, organizationId, session.classId)) ?? DEFAULT_MAKEUP_POLICY;
    try {
      const reply = await this.seats.write({
        organizationId,
        classId: session.classId,
        classSessionId: input.classSessionId,
        fields: { firstName: student.firstName, lastName: student.lastName, email: student.email, phone: student.phone ?? '' },
        payment: { method: 'in-person', status: 'completed', source: 'online', amountPaidCents: 0 },
        makeUp: {
          extraSeats: targetPolicy.extraSeats,
          withSeat: async (m, seat) => {
            await this.ledger.use(m, {
              organizationId,
              entitlementId: token.id,
              studentId: seat.studentId,
              enrollmentId: seat.enrollmentId,
              target: { classId: session.classId, termId: session.termId, dropIn: true },
              reason: 'Make-up booked in the portal',
            });
          },
        },
      });
      const e = reply.classEnrollments[0];
      return {
        enrollmentId: e.id,
        entitlementId: token.id,
        classId: session.classId,
        classTitle: e.classTitle,
        classSessionId: input.classSessionId,
        studentId: reply.id,
      };
    } catch (e) {
      if (e instanceof MakeUpSeatUnavailable)
        throw new MakeupException(MakeupError.SessionFull, 'This session has no seat left for a make-up.');
      throw e;
    }
  }

  /**
   * The make-up token, when the signed-in student may use it (theirs or a household member's; anyone else's is 404 as
   * if it did not exist), with the policy of the class it was earned in (else the organization's).
   */
  private async token(
    organizationId: string,
    actorStudentId: string,
    entitlementId: string,
  ): Promise<{ token: Entitlement; policy: MakeupPolicy }> {
    const m = this.db.manager;
    const token = await this.ledger.find(m, organizationId, entitlementId);
    if (!token || !(await this.repo.actsFor(m, organizationId, actorStudentId, token.holderStudentId))) {
      throw new CreditException(CreditError.NotFound, 'Credit not found.');
    }
    if (token.kind !== 'makeup_token') throw new MakeupException(MakeupError.NotAMakeupToken, 'This credit is not a make-up token.');
    const earnedIn = await this.repo.absenceOfToken(m, organizationId, token.id);
    const policy = (await this.repo.policy(m, organizationId, earnedIn?.classId ?? null)) ?? DEFAULT_MAKEUP_POLICY;
    return { token, policy };
  }
}
