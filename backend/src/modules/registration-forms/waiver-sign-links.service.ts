import {
  BadRequestException,
  HttpStatus,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { RegistrationFormsError, RegistrationFormsException } from './registration-forms.exception';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsService } from '../communications/communications.service';
import { ScheduledMessageSources, type ScheduledMessageSource } from '../communications/scheduled-messages';
import { SERVER_TIME_ZONE, isIanaTimeZone } from '../../common/time-zone';
import { sameName } from './answer-rules';
import { firstSessionDay, needsGuardian, waiverSigner, type SignedAs } from './waiver-signer';
import type { ClientInfo } from './registration-forms.service';
import { waiverHtml } from './waiver-markdown';
import { langQuery, type Language } from '../../common/i18n/languages';
import { waiverSignEmailText } from './waiver-sign-email-text';
import { WaiverSignLinksRepository, type SignLinkRow, type SignRecipient, type UnsignedEnrollment } from './waiver-sign-links.repository';
import { WaiversRepository } from './waivers.repository';

export const LINK_NOT_FOUND = 'This signing link is not valid. Please check that you copied the whole link from your email.';
export const LINK_SIGNED = 'This waiver was already signed with this link. Thank you.';
export const LINK_SUPERSEDED =
  'A newer version of this waiver has been published since this link was sent. Please use the link in the newest email.';
export const NOTHING_TO_SIGN =
  'There is nothing left to sign with this link: the registrations it was sent for have ended or were cancelled.';

export const NOTHING_TO_RESEND =
  'This person has nothing to sign: they have no upcoming class that needs the newest version, or they signed it already.';
export const JUST_SENT = 'A signing link was sent to this person a few minutes ago. Please wait before sending another.';
/** Two presses of Send (or two admins) within this time send one email. */
const RESEND_AFTER_MS = 5 * 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Signing a new waiver version after registering. Publishing a version queues a run (in the version's transaction);
 * the communications job takes runs one at a time with SKIP LOCKED, and for each person enrolled in an upcoming
 * class who signed an older version writes one link and one email in the same transaction: the link is unique per
 * person and version and the email's dedupe key matches it, so several instances or a retried run send it once.
 * Opening the link only shows the text; signing is a POST, and records an acceptance for each enrollment the person
 * signs for (their own, and as contact or guardian those of the household members they registered).
 */
@Injectable()
export class WaiverSignLinksService implements ScheduledMessageSource, OnModuleInit, OnModuleDestroy {
  readonly name = 'waiver-resign';
  private readonly logger = new Logger('WaiverSignLinks');
  private readonly publicUrl: string;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly repo: WaiverSignLinksRepository,
    private readonly waivers: WaiversRepository,
    private readonly communications: CommunicationsService,
    private readonly sources: ScheduledMessageSources,
    @InjectDataSource() private readonly db: DataSource,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  onModuleInit(): void {
    this.sources.register(this);
  }

  /**
   * Takes every due run, each in its own transaction (links and emails commit with the run marked done, or not at
   * all). Answers how many emails were queued. Run by the communications job, and right after a version is published
   * on the instance that published it (the job is the safety net if that instance stops).
   */
  async queueDue(): Promise<number> {
    let queued = 0;
    for (;;) {
      const done = await this.db.transaction(async (m) => {
        const run = await this.repo.claimRun(m);
        if (!run) return null;
        // A newer version was published before this run: its own run asks for that one instead.
        if (run.newest) queued += await this.emailRun(m, run);
        await this.repo.finishRun(m, run.versionId);
        return run;
      });
      if (!done) return queued;
    }
  }

  /** Publishing a version: take its run now rather than on the job's next minute; a failure is left to the job. */
  runSoon(): void {
    const run = this.queueDue()
      .catch((e: unknown) => this.logger.error(`Re-sign run failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** A shutdown waits for the runs it started (the database pool closes after). */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.pending);
  }

  private async emailRun(
    m: EntityManager,
    run: { organizationId: string; versionId: string; waiverId: string; waiverTitle: string; version: number },
  ) {
    const { organizationId, versionId } = run;
    const waiver = { id: run.waiverId, title: run.waiverTitle };
    const org = await this.communications.look(organizationId, m);
    let queued = 0;
    for (const person of await this.repo.recipients(m, organizationId, versionId)) {
      const token = randomBytes(32).toString('base64url');
      const linkId = await this.repo.insertLink(m, {
        organizationId,
        waiverId: waiver.id,
        versionId,
        studentId: person.studentId,
        tokenHash: sha256(token),
      });
      if (!linkId) continue; // already asked for this version (its email went with the link)
      const message = { org: org.name, waiver: waiver.title, version: run.version, token };
      if (await this.queueEmail(m, organizationId, person, message, `waiver-resign:${versionId}:${person.studentId}`)) queued += 1;
    }
    return queued;
  }

  /**
   * The admin sends one person a signing link again (the email was lost, or went to an old address): a new token
   * replaces theirs, so only the newest email's link works. Refused with 409 when they have nothing to sign or were
   * sent one in the last few minutes.
   */
  async resend(organizationId: string, waiverId: string, studentId: string) {
    return this.db.transaction(async (m) => {
      const found = await this.repo.recipientFor(m, organizationId, waiverId, studentId);
      if (!found) throw new NotFoundException('Waiver not found');
      const person = found.recipient;
      if (!person)
        throw new RegistrationFormsException(RegistrationFormsError.WaiverNothingToSign, NOTHING_TO_RESEND, {}, HttpStatus.CONFLICT);
      const token = randomBytes(32).toString('base64url');
      const link = await this.repo.renewLink(m, {
        organizationId,
        waiverId,
        versionId: found.versionId,
        studentId: person.studentId,
        tokenHash: sha256(token),
        minAgeMs: RESEND_AFTER_MS,
      });
      if (!link) throw new RegistrationFormsException(RegistrationFormsError.WaiverLinkJustSent, JUST_SENT);
      const org = await this.communications.look(organizationId, m);
      const message = { org: org.name, waiver: found.title, version: found.version, token };
      await this.queueEmail(
        m,
        organizationId,
        person,
        message,
        `waiver-resign:${found.versionId}:${person.studentId}:${link.createdAt.getTime()}`,
      );
      return { sentTo: { firstName: person.firstName, lastName: person.lastName, email: person.email } };
    });
  }

  private queueEmail(
    m: EntityManager,
    organizationId: string,
    person: SignRecipient,
    t: { org: string; waiver: string; version: number; token: string },
    dedupeKey: string,
  ) {
    // In the person's language (issue 42 §2), else the organization's default; the page opens in the same one.
    const text = (l: Language) => waiverSignEmailText(l, { firstName: person.firstName, ...t });
    return this.communications.queueSystemEmail(m, {
      organizationId,
      studentId: person.studentId,
      recipient: person,
      subject: (l) => text(l).subject,
      message: (l) => text(l).message,
      link: { url: (l) => `${this.publicUrl}/waiver/${t.token}${langQuery(l)}`, label: (l) => text(l).label },
      dedupeKey,
    });
  }

  // --- The public page behind the link ---

  /** What the link shows: the version's text, who signs, and for whom. Reading it changes nothing. */
  async details(token: string) {
    const link = await this.repo.findByHash(this.db.manager, sha256(token));
    if (!link) throw new NotFoundException(LINK_NOT_FOUND);
    const people = link.signedAt
      ? []
      : await this.repo.unsignedOf(this.db.manager, link.organizationId, link.waiverVersionId, link.studentId);
    const org = await this.communications.look(link.organizationId);
    return {
      organizationName: org.name,
      waiverTitle: link.waiverTitle,
      version: link.version,
      bodyHtml: waiverHtml(link.body),
      sha256: link.sha256,
      signerFirstName: link.recipientFirstName,
      signed: link.signedAt !== null,
      signedAt: link.signedAt,
      superseded: !link.newest,
      people: people.map((p) => ({ ...personOf(p), signedAs: needsGuardian(signing(link, p)) ? 'guardian' : signedAs(link, p) })),
      guardianRequired: people.some((p) => needsGuardian(signing(link, p))),
    };
  }

  /** Signs the version for every enrollment the link's person still needs it for, once. */
  async sign(token: string, signedName: string, client: ClientInfo, guardian?: { name: string }) {
    return this.db.transaction(async (m) => {
      const link = await this.repo.findByHash(m, sha256(token), true);
      if (!link) throw new NotFoundException(LINK_NOT_FOUND);
      if (link.signedAt) throw new RegistrationFormsException(RegistrationFormsError.WaiverLinkUsed, LINK_SIGNED);
      if (!link.newest || !link.waiverActive)
        throw new RegistrationFormsException(RegistrationFormsError.WaiverLinkSuperseded, LINK_SUPERSEDED);
      const name = `${link.recipientFirstName} ${link.recipientLastName}`;
      if (!guardian && !sameName(signedName, name)) {
        const message = `Type your full name exactly as on your registration (${name}) to sign`;
        throw new BadRequestException({ message, errors: { signedName: message } });
      }
      const people = await this.repo.unsignedOf(m, link.organizationId, link.waiverVersionId, link.studentId);
      if (!people.length) throw new RegistrationFormsException(RegistrationFormsError.WaiverNothingToSign, NOTHING_TO_SIGN);
      // The same rule as at registration, for each person signed for: someone under 18 on their class's first day
      // never signs, their parent or guardian does (the link's own adult signs for their household as before).
      const capacity = new Map<string, SignedAs>();
      for (const p of people) {
        const signer = waiverSigner({ ...signing(link, p), guardian, signedName, waiverTitle: link.waiverTitle });
        if ('error' in signer) {
          const field = signer.field === 'guardian' ? 'guardian.name' : 'signedName';
          throw new BadRequestException({ message: signer.error, errors: { [field]: signer.error } });
        }
        capacity.set(p.enrollmentId, signer.signedAs);
      }
      await this.waivers.insertAcceptances(
        m,
        link.organizationId,
        people.map((p) => ({
          enrollmentId: p.enrollmentId,
          studentId: p.studentId,
          waiverId: link.waiverId,
          waiverVersionId: link.waiverVersionId,
          version: link.version,
          sha256: link.sha256,
          signedName: signedName.trim().replace(/\s+/g, ' '),
          signedAs: capacity.get(p.enrollmentId)!,
          clientIp: client.ip,
          userAgent: client.userAgent,
        })),
      );
      await this.repo.markSigned(m, link.id);
      return {
        signed: true,
        waiverTitle: link.waiverTitle,
        version: link.version,
        people: people.map((p) => ({ ...personOf(p), signedAs: capacity.get(p.enrollmentId)! })),
      };
    });
  }

  eraseStudent(m: EntityManager, organizationId: string, studentId: string): Promise<void> {
    return this.repo.eraseStudent(m, organizationId, studentId);
  }
}

const personOf = (p: UnsignedEnrollment) => ({ firstName: p.firstName, lastName: p.lastName, classTitle: p.classTitle });

/** One person a link signs for, as `waiverSigner` reads them: the link's person is the registration's contact. */
function signing(link: SignLinkRow, p: UnsignedEnrollment) {
  const zone = isIanaTimeZone(link.timeZone) ? link.timeZone : SERVER_TIME_ZONE;
  return {
    person: { name: `${p.firstName} ${p.lastName}`, dateOfBirth: p.dateOfBirth },
    contact: { name: `${link.recipientFirstName} ${link.recipientLastName}`, dateOfBirth: link.recipientDateOfBirth },
    personIsContact: p.studentId === link.studentId,
    day: firstSessionDay(new Date(p.firstSession), zone),
  };
}

/**
 * How the page lists a person before signing, as at registration: the person signing for themself is 'self'; for a
 * household member the contact signs as 'guardian' (under 18) or as the registration's 'contact'.
 */
function signedAs(link: SignLinkRow, p: UnsignedEnrollment): SignedAs {
  const s = waiverSigner({ ...signing(link, p), signedName: `${link.recipientFirstName} ${link.recipientLastName}`, waiverTitle: '' });
  return 'error' in s ? 'guardian' : s.signedAs;
}
