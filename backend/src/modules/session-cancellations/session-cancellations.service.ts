import type { Language } from '../../common/i18n/languages';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { mapSession, type ClassSessionEntity } from '../classes/class-session.entity';
import { ClassSessionsService } from '../classes/class-sessions.service';
import { ClassError, ClassException } from '../classes/classes.exception';
import { CommunicationsService } from '../communications/communications.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import type { CancelSessionDto } from '../classes/dto/class-session.dto';
import { cancelledSessionText } from './cancelled-session-text';
import { SessionCancelledHooks } from './session-cancelled.hooks';

/**
 * Cancelling one session: the session is marked cancelled and, when asked, every student holding a seat and every
 * teacher is told through the outbox, all in one transaction. Each message has a dedupe key per session and
 * recipient, and a cancelled session cannot be cancelled again, so nobody is told twice.
 *
 * What students get for the session is the organization's setting; only `nothing` is implemented. A credit needs
 * wave 4's ledger and a refund of the session's share the one refund path, so those settings refuse the cancel (409)
 * rather than cancel without what the organization promised.
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
  ) {}

  async cancel(organizationId: string, id: string, dto: CancelSessionDto) {
    return this.db.transaction(async (m) => {
      const org = await this.orgs.require(organizationId, m);
      const remedy = org.settings.sessionCancelRemedy ?? 'nothing';
      if (remedy !== 'nothing') {
        throw new ClassException(
          ClassError.SessionRemedyNotAvailable,
          `Your settings give students a ${remedy} for a cancelled session, which is not available yet. Choose "nothing" in Settings to cancel this session.`,
          { remedy },
        );
      }
      const { session, cls } = await this.sessions.cancel(m, organizationId, id, dto.reason.trim());
      // What other modules give for it (a make-up token by the organization's make-up policy), in this transaction.
      await this.hooks.run(m, { organizationId, classId: cls.id, sessionId: session.id });
      const zone = org.settings.timeZone ?? SERVER_TIME_ZONE;
      const notified = dto.notify ? await this.notify(m, cls, session, zone, org.settings.notifications?.smsEnabled === true) : 0;
      await this.activity.record(
        organizationId,
        'class_update',
        `Session ${session.sessionIndex + 1} of "${cls.title}" was cancelled`,
        { classId: cls.id, className: cls.title, sessionId: session.id, reason: session.cancelReason, notified },
        m,
      );
      return { ...mapSession(session), notified };
    });
  }

  /** Queues the notices; answers how many messages were queued (a retried key queues nothing). */
  private async notify(m: EntityManager, cls: ClassEntity, s: ClassSessionEntity, zone: string, sms: boolean): Promise<number> {
    const text = cancelledSessionText(cls.title, s, zone);
    // Each student's notice in their language (else the organization's default); the teachers' in English as before.
    const written = (l: Language) => cancelledSessionText(cls.title, s, zone, l);
    let queued = 0;
    const holders = await this.cards.seatHoldersOfClass(cls.id, cls.organizationId, m);
    for (const e of holders.filter((h) => h.status === 'active')) {
      const recipient = { firstName: e.firstName, lastName: e.lastName, email: e.studentEmail, phone: e.phone };
      const base = { organizationId: cls.organizationId, studentId: e.studentId, recipient };
      const key = `session_cancelled:${s.id}:${e.studentId}`;
      const subject = (l: Language) => written(l).subject;
      const message = (l: Language) => `${written(l).greeting(e.firstName)}\n\n${written(l).body}`;
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
