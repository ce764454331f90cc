import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { CommunicationsService } from '../communications/communications.service';
import type { Entitlement } from '../credits/credit.types';
import { CreditsLedger } from '../credits/credits-ledger';
import {
  DEFAULT_MAKEUP_POLICY,
  localDate,
  portalTokenRefusal,
  tokenScope,
  tokenValidUntil,
  type MakeupPolicy,
  type NoTokenReason,
} from './makeup-policy';
import { MakeupError, MakeupException } from './makeups.exception';
import { tokenView, type MakeupTokenView } from './makeup-overview.service';
import { MakeupsRepository, type AbsenceRow, type AbsenceTarget } from './makeups.repository';

export interface ReportedAbsence {
  absence: AbsenceRow;
  /** The make-up token it earned, or null with the reason. */
  token: MakeupTokenView | null;
  noTokenReason: NoTokenReason | null;
}

/**
 * "I can't make it" (issue 41 §3): one transaction records the absence, grants the make-up token the policy gives
 * (through the credits ledger, so the token exists exactly when the absence does) and queues the teacher's email.
 * A student's reports are serialised (an advisory lock) so two at once cannot both pass a cap.
 */
@Injectable()
export class AbsencesService {
  constructor(
    private readonly repo: MakeupsRepository,
    private readonly ledger: CreditsLedger,
    private readonly communications: CommunicationsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  report(organizationId: string, actorStudentId: string, input: { classSessionId: string; studentId?: string }): Promise<ReportedAbsence> {
    return this.db.transaction(async (m) => {
      const studentId = input.studentId ?? actorStudentId;
      const t = await this.repo.absenceTarget(m, organizationId, actorStudentId, studentId, input.classSessionId);
      if (!t) throw new MakeupException(MakeupError.SessionNotFound, 'This session is not one of your classes.');
      if (t.status !== 'scheduled' || new Date(t.startsAt).getTime() <= Date.now()) {
        throw new MakeupException(
          MakeupError.SessionNotUpcoming,
          'This session has started or was cancelled: an absence is reported before it starts.',
        );
      }
      await this.repo.lockStudent(m, t.studentId);
      const absence = await this.repo.insertAbsence(m, {
        organizationId,
        studentId: t.studentId,
        classId: t.classId,
        sessionId: t.sessionId,
        enrollmentId: t.enrollmentId,
        startsAt: t.startsAt,
        source: 'portal',
      });
      if (!absence) throw new MakeupException(MakeupError.AlreadyReported, 'This absence was already reported.');
      const { token, reason } = await this.tokenFor(m, organizationId, t, absence);
      await this.repo.setAbsenceOutcome(m, organizationId, absence.id, token?.id ?? null, reason);
      await this.tellTeacher(m, organizationId, t, absence.id);
      return {
        absence: {
          id: absence.id,
          studentId: t.studentId,
          classId: t.classId,
          classTitle: t.classTitle,
          classSessionId: t.sessionId,
          sessionStartsAt: t.startsAt,
          reportedAt: absence.reportedAt,
          entitlementId: token?.id ?? null,
          noTokenReason: reason,
        },
        token: token ? tokenView(token, token.validFrom) : null,
        noTokenReason: reason,
      };
    });
  }

  /**
   * A session the organization cancelled (SessionCancelledHooks, in the cancel's transaction): when the admin chose a
   * make-up token (`always`) or the class's policy (else the organization's) says so, each student holding a seat in
   * it gets a make-up token, recorded as an absence of source `cancelled_session` (not counted toward the caps), valid
   * as the policy says. A student who had already reported the absence keeps what that report gave. Answers the
   * students given a token.
   */
  async sessionCancelled(m: EntityManager, organizationId: string, classId: string, sessionId: string, always = false): Promise<string[]> {
    const policy = (await this.repo.policy(m, organizationId, classId)) ?? DEFAULT_MAKEUP_POLICY;
    if (!always && !policy.cancelledSessionToken) return [];
    const granted: string[] = [];
    for (const t of await this.repo.holdersOfSession(m, organizationId, sessionId)) {
      const absence = await this.repo.insertAbsence(m, {
        organizationId,
        studentId: t.studentId,
        classId: t.classId,
        sessionId: t.sessionId,
        enrollmentId: t.enrollmentId,
        startsAt: t.startsAt,
        source: 'cancelled_session',
      });
      if (!absence) continue;
      const token = await this.grantToken(m, organizationId, t, policy, absence.id, 'cancelled_session');
      await this.repo.setAbsenceOutcome(m, organizationId, absence.id, token.id, null);
      granted.push(t.studentId);
    }
    return granted;
  }

  /** The token the class's policy (else the organization's) gives for this absence, or why none. */
  private async tokenFor(
    m: EntityManager,
    organizationId: string,
    t: AbsenceTarget,
    absence: { id: string; reportedAt: Date },
  ): Promise<{ token: Entitlement | null; reason: NoTokenReason | null }> {
    const policy = (await this.repo.policy(m, organizationId, t.classId)) ?? DEFAULT_MAKEUP_POLICY;
    const startsAt = new Date(t.startsAt);
    const earned = await this.repo.earned(m, organizationId, t.studentId, { startsAt, zone: t.zone, termId: t.termId });
    const reason = portalTokenRefusal(policy, { reportedAt: new Date(absence.reportedAt), startsAt, hasTerm: t.termId !== null }, earned);
    if (reason) return { token: null, reason };
    return { token: await this.grantToken(m, organizationId, t, policy, absence.id, 'absence'), reason: null };
  }

  /** One make-up token on the ledger for the absence, valid by the policy from today in the organization's zone. */
  private grantToken(
    m: EntityManager,
    organizationId: string,
    t: AbsenceTarget,
    policy: MakeupPolicy,
    absenceId: string,
    source: 'absence' | 'cancelled_session',
  ): Promise<Entitlement> {
    const today = localDate(new Date(), t.zone);
    return this.ledger.grant(m, {
      organizationId,
      holderStudentId: t.studentId,
      kind: 'makeup_token',
      amount: 1,
      ...tokenScope(policy, { classId: t.classId, termId: t.termId }),
      validFrom: today,
      validUntil: tokenValidUntil(policy, localDate(new Date(t.startsAt), t.zone), t.termEnd, today),
      source,
      sourceRef: absenceId,
      label: `Make-up for ${t.classTitle}`,
      reason: source === 'absence' ? 'Absence reported in the portal' : 'Session cancelled by the organization',
    });
  }

  /** The class's teacher is told once (the dedupe key is the absence's). */
  private async tellTeacher(m: EntityManager, organizationId: string, t: AbsenceTarget, absenceId: string): Promise<void> {
    const when = new Intl.DateTimeFormat('en-US', {
      timeZone: t.zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(t.startsAt));
    const who = `${t.firstName} ${t.lastName}`.trim();
    await this.communications.queueTeacherEmail(m, organizationId, t.instructor, {
      subject: `${who} will miss ${t.classTitle} on ${when}`,
      message: `${who} told us in the student portal that they cannot come to ${t.classTitle} on ${when}.`,
      dedupeKey: `makeup_absence:${absenceId}`,
    });
  }
}
