import { forwardRef, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { StudentsService } from '../students/students.service';
import type { Channel } from './communication.types';
import { CommunicationsService } from './communications.service';

/** The largest reminderHours the settings accept (organization.dto.ts): the widest window to look at. */
const MAX_REMINDER_HOURS = 168;
const longDate = (d: Date) => d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const time12 = (d: Date) => d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * Class reminders (issue 11 §3): `reminderHours` before each session (organization setting, default 18), by email
 * when `emailEnabled` and by SMS when `smsEnabled` and the student opted in. A reminder is queued once its window
 * opens; the dedupe key (enrollment, session, channel) makes repeated runs, restarts and several instances queue it
 * once. Sessions come from ClassesService, never recomputed here.
 */
@Injectable()
export class RemindersService {
  constructor(
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    @Inject(forwardRef(() => StudentsService)) private readonly students: Pick<StudentsService, 'activeEnrollmentsOfClasses'>,
    @Inject(forwardRef(() => CommunicationsService))
    private readonly communications: Pick<CommunicationsService, 'queueAutomatic' | 'look'>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Queues every reminder whose window is open now; returns how many new rows were queued. */
  async queueDue(now = new Date()): Promise<number> {
    const classes = await this.classes.withSessionsBetween(now, new Date(now.getTime() + MAX_REMINDER_HOURS * 3600_000));
    if (!classes.length) return 0;
    const settings = new Map<string, { reminderHours: number; emailEnabled: boolean; smsEnabled: boolean }>();
    for (const orgId of new Set(classes.map((c) => c.organizationId))) {
      const org = await this.orgs.require(orgId);
      settings.set(orgId, org.settings?.notifications ?? { reminderHours: 18, emailEnabled: true, smsEnabled: false });
    }
    const due = classes
      .map((c) => {
        const s = settings.get(c.organizationId)!;
        const sessions = c.sessions
          .map((d, index) => ({ start: new Date(d), index }))
          .filter(({ start }) => s.reminderHours > 0 && start > now && start.getTime() - s.reminderHours * 3600_000 <= now.getTime());
        return { cls: c, sessions, s };
      })
      .filter((x) => x.sessions.length && (x.s.emailEnabled || x.s.smsEnabled));
    if (!due.length) return 0;
    const enrollments = await this.students.activeEnrollmentsOfClasses(due.map((d) => d.cls.id));
    let queued = 0;
    const looks = new Map<string, Awaited<ReturnType<CommunicationsService['look']>>>();
    for (const { cls, sessions, s } of due) {
      if (!looks.has(cls.organizationId)) looks.set(cls.organizationId, await this.communications.look(cls.organizationId));
      const org = looks.get(cls.organizationId)!;
      for (const e of enrollments.filter((x) => x.classId === cls.id)) {
        for (const session of sessions) {
          const channels: Channel[] = [
            ...(s.emailEnabled ? ['email' as const] : []),
            ...(s.smsEnabled && e.communicationOptIn ? ['sms' as const] : []),
          ];
          for (const channel of channels) {
            const added = await this.communications.queueAutomatic(
              this.db.manager,
              e,
              'reminder',
              `reminder:${e.enrollmentId}:${session.index}:${channel}`,
              {
                firstName: e.firstName,
                lastName: e.lastName,
                fullName: `${e.firstName} ${e.lastName}`,
                email: e.email,
                className: cls.title,
                startDate: longDate(session.start),
                startTime: time12(session.start),
                location: cls.location,
                instructor: cls.instructor,
                sessionCount: String(cls.sessions.length),
                organizationName: org.name,
                organizationEmail: org.email ?? '',
                organizationPhone: org.phone ?? '',
              },
              org,
              [],
              channel,
            );
            if (added) queued += 1;
          }
        }
      }
    }
    return queued;
  }
}
