import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsService } from '../communications/communications.service';
import { MakeupsRepository } from './makeups.repository';

/** A reminder goes this many days before a token's last day (or at once, for a token granted with less time left). */
export const REMINDER_DAYS = 7;
const BATCH = 200;

/**
 * Make-up expiry reminders (issue 41 §3): once a minute (or every JOBS_INTERVAL_MS when longer) when JOBS_ENABLED, an
 * email through the outbox to the holder of each unused make-up token whose last day is within 7 days. The outbox's
 * dedupe key (`makeup_expiry:<token>`) makes it one email per token, whichever instance or run queues it.
 */
@Injectable()
export class MakeupExpiryJobs extends ConfiguredJob<number> {
  private readonly publicUrl: string;

  constructor(
    config: ConfigService<AllConfigType>,
    scheduler: SchedulerRegistry,
    private readonly repo: MakeupsRepository,
    private readonly communications: CommunicationsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    super(config, scheduler, 'makeup-expiry-reminders', 0, (ms) => Math.max(ms, 60_000));
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  protected async work(): Promise<number> {
    const due = await this.repo.expiringTokens(this.db.manager, REMINDER_DAYS, BATCH);
    let queued = 0;
    for (const k of due) {
      const date = new Date(`${k.validUntil}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      });
      const ok = await this.communications.queueSystemEmail(this.db.manager, {
        organizationId: k.organizationId,
        studentId: k.studentId,
        recipient: { firstName: k.firstName, lastName: k.lastName, email: k.email, phone: k.phone },
        subject: `Your make-up expires on ${date}`,
        message:
          `Hi ${k.firstName},\n\nYour make-up${k.label ? ` (${k.label})` : ''} can be used until ${date}. ` +
          'Book it from your registrations page: {{link}}',
        link: { url: `${this.publicUrl}/my?organizationId=${k.organizationId}`, label: 'Book a make-up' },
        dedupeKey: `makeup_expiry:${k.id}`,
      });
      if (ok) queued++;
    }
    if (queued) this.logger.log(`Make-up expiry: ${queued} reminder(s) queued`);
    return queued;
  }
}
