import type { Language } from '../../common/i18n/languages';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { mapSession, type ClassSessionEntity } from '../classes/class-session.entity';
import { ClassSessionsService } from '../classes/class-sessions.service';
import { CommunicationsService } from '../communications/communications.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { CardEnrollmentsService, type CardEnrollment } from '../registration/card-enrollments.service';
import type { CancelSessionDto } from '../classes/dto/class-session.dto';
import { cancelledSessionText, givenText } from './cancelled-session-text';
import { SessionCancelledHooks } from './session-cancelled.hooks';
import { SessionRemediesService } from './session-remedies.service';
import { makeupTokenMode, remedyOf, type Given } from './session-remedy';

interface Holder {
  seat: CardEnrollment;
  given: Given;
}

/**
 * Cancelling one session: the session is marked cancelled, each student holding a seat in it (the class's students
 * and that session's drop-ins) gets the remedy the admin chose (else the organization's setting: a make-up token,
 * account credit or a refund of the session's share, or nothing) and, when asked, every such student and every
 * teacher is told through the outbox, all in one transaction. A cancelled session cannot be cancelled again (409), so
 * the remedy is applied once; each message has a dedupe key per session and recipient, so nobody is told twice.
 */
@Injectable()
export class SessionCancellationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: ClassSessionsService,
    private readonly orgs: OrganizationsService,
    private readonly cards: CardEnrollmentsService,
    private readonly communications: CommunicationsService,
    private readonly activity: ActivityService,
    private readonly hooks: SessionCancelledHooks,
    private readonly remedies: SessionRemediesService,
  ) {}

  async cancel(organizationId: string, id: string, dto: CancelSessionDto, userId: string | null = null) {
    return this.db.transaction(async (m) => {
      const org = await this.orgs.require(organizationId, m);
      const remedy = remedyOf(dto.remedy, org.settings.sessionCancelRemedy);
      const { session, cls, sessionCount } = await this.sessions.cancel(m, organizationId, id, dto.reason.trim());
      // Make-up tokens are the makeups module's (SessionCancelledHooks), in this transaction.
      const tokensTo = await this.hooks.run(m, {
        organizationId,
        classId: cls.id,
        sessionId: session.id,
        makeupTokens: makeupTokenMode(remedy),
      });
      const money = { organizationId, sessionId: session.id, classTitle: cls.title, sessionCount };
      const holders: Holder[] = [];
      for (const seat of await this.holdersOf(m, cls, session)) {
        const given = tokensTo.has(seat.studentId)
          ? { kind: 'makeup_token' as const, cents: 0 }
          : await this.remedies.give(m, money, remedy, seat, userId);
        holders.push({ seat, given });
      }
      const zone = org.settings.timeZone ?? SERVER_TIME_ZONE;
      const sms = org.settings.notifications?.smsEnabled === true;
      const notified = dto.notify ? await this.notify(m, cls, session, zone, sms, holders) : 0;
      const given = holders.map(({ seat, given: g }) => ({
        studentId: seat.studentId,
        studentName: `${seat.firstName} ${seat.lastName}`.trim(),
        kind: g.kind,
        amount: g.cents / 100,
      }));
      await this.activity.record(
        organizationId,
        'class_update',
        `Session ${session.sessionIndex + 1} of "${cls.title}" was cancelled`,
        { classId: cls.id, className: cls.title, sessionId: session.id, reason: session.cancelReason, notified, remedy },
        m,
      );
      return { ...mapSession(session), notified, remedy, given };
    });
  }

  /** The registered students of the session: the class's (not another session's drop-ins) and its own drop-ins. */
  private async holdersOf(m: EntityManager, cls: ClassEntity, s: ClassSessionEntity): Promise<CardEnrollment[]> {
    const seats = await this.cards.seatHoldersOfClass(cls.id, cls.organizationId, m);
    return seats.filter((e) => e.status === 'active' && (e.classSessionId === null || e.classSessionId === s.id));
  }

  /** Queues the notices; answers how many messages were queued (a retried key queues nothing). */
  private async notify(
    m: EntityManager,
    cls: ClassEntity,
    s: ClassSessionEntity,
    zone: string,
    sms: boolean,
    holders: Holder[],
  ): Promise<number> {
    const text = cancelledSessionText(cls.title, s, zone);
    // Each student's notice in their language (else the organization's default); the teachers' in English as before.
    const written = (l: Language) => cancelledSessionText(cls.title, s, zone, l);
    let queued = 0;
    for (const { seat: e, given } of holders) {
      const recipient = { firstName: e.firstName, lastName: e.lastName, email: e.studentEmail, phone: e.phone };
      const base = { organizationId: cls.organizationId, studentId: e.studentId, recipient };
      const key = `session_cancelled:${s.id}:${e.studentId}`;
      const subject = (l: Language) => written(l).subject;
      const message = (l: Language) => {
        const got = givenText(given, l);
        return `${written(l).greeting(e.firstName)}\n\n${written(l).body}${got ? `\n\n${got}` : ''}`;
      };
      if (await this.communications.queueSystemEmail(m, { ...base, subject, message, dedupeKey: `${key}:email` })) queued++;
      const smsText = (l: Language) => written(l).sms;
      if (sms && (await this.communications.queueSystemSms(m, { ...base, message: smsText, dedupeKey: `${key}:sms` }))) queued++;
    }
    queued += await this.communications.queueTeacherEmail(m, cls.organizationId, cls.instructor, {
      subject: text.subject,
      message: text.body,
      dedupeKey: `session_cancelled:${s.id}`,
    });
    return queued;
  }
}
