import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { CommunicationsService } from '../communications/communications.service';
import { RecipientDirectoryPort } from '../communications/recipient-directory';
import { issuerOf } from '../organizations/legal-details';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { dollars } from './receipt-pdf';
import type { Receipt } from './receipt.types';
import { ReceiptsRepository } from './receipts.repository';
import { StatementEmailsRepository } from './statement-emails.repository';
import { StatementLinks } from './statement-links';
import { statementOf } from './statements';

/** The year and month (1-12) of an instant in a time zone. */
function yearMonthIn(at: Date, timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(at);
  const part = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { year: part('year'), month: part('month') };
}

/** Whether January can have begun or not yet ended in some time zone (UTC-12 to UTC+14): 31 December to 1 February UTC. */
function nearJanuary(now: Date): boolean {
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return m === 0 || (m === 11 && d === 31) || (m === 1 && d === 1);
}

/**
 * Issue 43 §3: in January (in the organization's time zone) each payer who paid it something last year and agreed to
 * its messages gets one email with a link to their year-end statement. An organization's emails are queued in one
 * transaction with its `statement_email_runs` row, the claim; each email's dedupe key (statement:<year>:<payer>) makes
 * a second queueing of the same payer nothing. Several instances running the job therefore queue each email once; the
 * outbox sends it.
 */
@Injectable()
export class StatementEmailsService {
  private readonly logger = new Logger(StatementEmailsService.name);

  constructor(
    private readonly runs: StatementEmailsRepository,
    private readonly receipts: ReceiptsRepository,
    private readonly orgs: OrganizationsService,
    private readonly communications: CommunicationsService,
    private readonly recipients: RecipientDirectoryPort,
    private readonly links: StatementLinks,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Queues the statement emails every organization now in January owes for last year; answers how many were queued. */
  async sendDue(now = new Date()): Promise<number> {
    if (!nearJanuary(now)) return 0;
    const utcYear = now.getUTCFullYear();
    let queued = 0;
    for (const due of await this.runs.due([utcYear - 1, utcYear])) {
      const org = await this.orgs.require(due.organizationId).catch(() => null);
      if (!org) continue;
      const here = yearMonthIn(now, org.settings?.timeZone ?? SERVER_TIME_ZONE);
      if (here.month !== 1 || here.year !== due.year + 1) continue;
      queued += await this.db.transaction(async (m) => {
        if (!(await this.runs.claim(m, org.id, due.year))) return 0;
        const n = await this.queueOrganization(m, org, due.year);
        await this.runs.finish(m, org.id, due.year, n);
        return n;
      });
    }
    if (queued) this.logger.log(`Year-end statements: ${queued} email(s) queued`);
    return queued;
  }

  private async queueOrganization(m: EntityManager, org: OrganizationEntity, year: number): Promise<number> {
    const byPayer = new Map<string, Receipt[]>();
    for (const r of await this.receipts.ofYear(org.id, year)) {
      if (!r.payer.studentId) continue;
      byPayer.set(r.payer.studentId, [...(byPayer.get(r.payer.studentId) ?? []), r]);
    }
    // Only those who paid that year (a refund alone is no statement to send) and agreed to the organization's messages.
    const payers = [...byPayer].filter(([, rs]) => rs.some((r) => r.kind === 'receipt')).map(([id]) => id);
    const optIns = await this.recipients.optIns(payers, m);
    const issuer = issuerOf(org);
    const name = org.branding?.businessName || org.name;
    let n = 0;
    for (const payerId of payers) {
      if (!optIns.get(payerId)) continue;
      const person = await this.recipients.find(org.id, payerId);
      if (!person?.email) continue;
      const mine = byPayer.get(payerId)!;
      const statement = statementOf(year, issuer, mine, { payer: mine[mine.length - 1].payer });
      const children = studentsPaidFor(mine);
      const sent = await this.communications.queueSystemEmail(m, {
        organizationId: org.id,
        studentId: payerId,
        recipient: { firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone || null },
        subject: `Your ${year} statement from ${name}`,
        message:
          `Hi ${person.firstName},\n\nYour year-end statement for ${year} from ${name} is ready: every payment and refund with ` +
          `its class dates, the net paid (${dollars(statement.netCents)}), and our legal name, address and tax ID, for a tax ` +
          `return, a child-care credit or a reimbursement.\n\n{{link}}\n\n` +
          (children.length
            ? `A statement for each student you paid for:\n\n${children.map((c, i) => `${c.name}: {{student${i}}}`).join('\n')}`
            : `The statement lists each student you paid for; a statement for each of them is also in your portal.`),
        link: { url: this.links.url(org.id, payerId, year), label: `Open my ${year} statement (PDF)` },
        links: children.map((c, i) => ({
          name: `student${i}`,
          url: this.links.url(org.id, payerId, year, c.id),
          label: `${c.name}'s ${year} statement (PDF)`,
        })),
        dedupeKey: `statement:${year}:${payerId}`,
      });
      if (sent) n++;
    }
    return n;
  }
}

/**
 * The students a payer's documents name, in the order first met, when a per-student statement adds something: several
 * students, or one who is not the payer (a parent paying for a child). A payer who paid only for themself has one link.
 */
function studentsPaidFor(docs: Receipt[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const d of docs) for (const s of d.students) if (!seen.has(s.id)) seen.set(s.id, s.name);
  const all = [...seen].map(([id, name]) => ({ id, name }));
  const payerId = docs[0]?.payer.studentId;
  return all.length > 1 || (all.length === 1 && all[0].id !== payerId) ? all : [];
}
