import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import type { Channel } from '../communications/communication.types';
import { CommunicationsService } from '../communications/communications.service';
import { householdList, longDate, time12 } from '../communications/message-format';
import { ScheduledMessageSources, type ScheduledMessageSource } from '../communications/scheduled-messages';
import { EnrollmentsRepository, type EnrolledRecipient } from './enrollments.repository';

/** The largest reminderHours the settings accept (organization.dto.ts): the widest window to look at. */
const MAX_REMINDER_HOURS = 168;

type Enrollment = EnrolledRecipient;

/**
 * A class's enrollments in reminder groups: a household's (one registration, `householdGroupId`) together, keyed by
 * that id (the group's first enrollment's, so a reminder queued before grouping keeps its dedupe key), anyone else alone.
 */
function byHousehold(enrollments: Enrollment[]): { key: string; members: Enrollment[] }[] {
  const groups = new Map<string, Enrollment[]>();
  for (const e of enrollments) {
    const key = e.householdGroupId ?? e.enrollmentId;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return [...groups].map(([key, members]) => ({ key, members }));
}

/**
 * Class reminders: `reminderHours` before each session (organization setting, default 18), by email
 * when `emailEnabled` and by SMS when `smsEnabled` and the student opted in. A reminder is queued once its window
 * opens; the dedupe key (enrollment, session, channel) makes repeated runs, restarts and several instances queue it
 * once. Sessions come from ClassesService, never recomputed here. A household's people get one reminder, to their
 * contact, listing them, not one copy each to the same address.
 */
@Injectable()
export class RemindersService implements ScheduledMessageSource, OnModuleInit {
  readonly name = 'reminders';

  constructor(
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly enrollments: EnrollmentsRepository,
    private readonly communications: CommunicationsService,
    private readonly sources: ScheduledMessageSources,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The communications job runs this once a minute, before it dispatches. */
  onModuleInit(): void {
    this.sources.register(this);
  }

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
          .filter(({ start }) => s.reminderHours > 0 && start > now && start.getTime() - s.reminderHours * 3600_000 <= now.getTime())
          // A session the organization cancelled gets no reminder (its students were told it is off).
          .filter(({ start }) => !c.cancelledSessions.some((x) => new Date(x).getTime() === start.getTime()));
        return { cls: c, sessions, s };
      })
      .filter((x) => x.sessions.length && (x.s.emailEnabled || x.s.smsEnabled));
    if (!due.length) return 0;
    const enrollments = await this.enrollments.activeEnrollmentsOfClasses(due.map((d) => d.cls.id));
    let queued = 0;
    const looks = new Map<string, Awaited<ReturnType<CommunicationsService['look']>>>();
    for (const { cls, sessions, s } of due) {
      if (!looks.has(cls.organizationId)) looks.set(cls.organizationId, await this.communications.look(cls.organizationId));
      const org = looks.get(cls.organizationId)!;
      for (const group of byHousehold(enrollments.filter((x) => x.classId === cls.id))) {
        // A household's people share one reminder to their contact, listing them; anyone else gets their own.
        const [first] = group.members;
        const to = first.householdGroupId ? first.contact : first;
        for (const session of sessions) {
          const channels: Channel[] = [
            ...(s.emailEnabled ? ['email' as const] : []),
            ...(s.smsEnabled && to.communicationOptIn ? ['sms' as const] : []),
          ];
          for (const channel of channels) {
            const added = await this.communications.queueAutomatic(
              this.db.manager,
              { organizationId: first.organizationId, ...to },
              'reminder',
              `reminder:${group.key}:${session.index}:${channel}`,
              // In the recipient's language (issue 42): the dates as that language writes them.
              (language) => ({
                firstName: to.firstName,
                lastName: to.lastName,
                fullName: `${to.firstName} ${to.lastName}`,
                email: to.email,
                className: cls.title,
                startDate: longDate(session.start, language),
                startTime: time12(session.start, language),
                location: cls.location,
                instructor: cls.instructor,
                sessionCount: String(cls.sessions.length),
                organizationName: org.name,
                organizationEmail: org.email ?? '',
                organizationPhone: org.phone ?? '',
              }),
              org,
              [],
              channel,
              undefined,
              {},
              (language) => (channel === 'email' && first.householdGroupId ? householdList(group.members, language) : ''),
            );
            if (added) queued += 1;
          }
        }
      }
    }
    return queued;
  }
}
