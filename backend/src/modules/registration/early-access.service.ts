import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsService } from '../communications/communications.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { EarlyAccessTokens } from '../terms/early-access-tokens';
import { openingTime } from '../terms/registration-window';
import { TermsService } from '../terms/terms.service';
import { EnrollmentsRepository } from './enrollments.repository';

/**
 * The early-access emails of a term: when its early access begins, everyone with a registration in an earlier term of
 * the organization who has not opted out of messages gets one email with a link signed for them. The email sells the
 * term, so it is a non-transactional message (kind early_access): the opt-in is read again when it goes, and it
 * carries the unsubscribe link and headers. Each term is claimed with FOR UPDATE SKIP LOCKED and
 * marked sent in the same transaction as its emails enter the outbox (each with its own dedupe key), so several
 * instances running the job queue each email exactly once; the outbox sends them.
 */
@Injectable()
export class EarlyAccessService {
  private readonly publicUrl: string;

  constructor(
    private readonly terms: TermsService,
    private readonly tokens: EarlyAccessTokens,
    private readonly enrollments: EnrollmentsRepository,
    private readonly communications: CommunicationsService,
    private readonly orgs: OrganizationsService,
    @InjectDataSource() private readonly db: DataSource,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /** Queues the emails of every term whose early access has begun; answers how many emails were queued. */
  async sendDue(now = new Date()): Promise<number> {
    let queued = 0;
    for (;;) {
      const done = await this.db.transaction(async (m) => {
        const term = await this.terms.claimEarlyAccessDue(m, now);
        if (!term) return null;
        const org = await this.orgs.require(term.organizationId);
        const zone = org.settings.timeZone ?? SERVER_TIME_ZONE;
        const earlier = await this.terms.earlierTermIds(m, term.organizationId, term.id);
        const people = await this.enrollments.peopleEnrolledInTerms(m, term.organizationId, earlier);
        let n = 0;
        for (const p of people) {
          const token = this.tokens.issue(term.id, p.email);
          const url = `${this.publicUrl}/org/${term.organizationId}?earlyAccess=${token}&email=${encodeURIComponent(p.email)}`;
          const sent = await this.communications.queueEarlyAccessEmail(m, {
            organizationId: term.organizationId,
            studentId: p.studentId,
            recipient: { firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone },
            subject: `Early registration for ${term.name}`,
            message:
              `Hi ${p.firstName},\n\nThank you for taking a class with us. You can register for ${term.name} early: ` +
              `from now until registration opens to everyone on ${openingTime(new Date(term.registrationOpensAt), zone)}.\n\n` +
              `{{link}}\n\nThis link works for ${p.email} only.`,
            link: { url, label: `Register early for ${term.name}` },
            dedupeKey: `early_access:${term.id}:${p.email.toLowerCase()}`,
          });
          if (sent) n++;
        }
        await this.terms.markEarlyAccessSent(m, term.id, now);
        return n;
      });
      if (done === null) return queued;
      queued += done;
    }
  }
}
