// Signing in to the portal with a single-use emailed link: its own rules (budget, reply floor, session length).
import { langQuery } from '../../common/i18n/languages';
import { signInLinkText } from './sign-in-link-text';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { PORTAL_AUDIENCE, TOKEN_ALGORITHM, TOKEN_ISSUER } from '../auth/tokens';
import { CommunicationsService } from '../communications/communications.service';
import { selfServiceRules } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { StudentsService } from '../students/students.service';
import type { RequestPortalLinkDto } from './dto/portal.dto';
import type { PortalUser } from './portal-user';
import { PortalError, PortalException } from './portal.exception';
import { PortalRepository } from './portal.repository';

/** A sign-in link works this long, once. */
export const LINK_MINUTES = 15;
/** A portal session lasts an hour; then the student asks for a new link. */
export const SESSION_SECONDS = 3600;
/** At most this many links to one student per LINK_MINUTES (the per-email budget; the per-client one is the auth rate limit). */
export const LINKS_PER_WINDOW = 3;
/**
 * Every link request answers after at least this long, whether the email is known (a link is made and queued) or
 * not (one lookup): the answer's timing tells nothing about who is registered.
 */
export const LINK_REPLY_FLOOR_MS = 300;

export const LINK_REQUESTED =
  'If this email belongs to a registration with us, a sign-in link is on its way. It works once, for 15 minutes.';
export const LINK_GONE = 'This sign-in link has expired or was already used. Request a new link and we will email it to you.';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The portal's sign-in (decision 18): a link to the email the organization holds, exchanged once for a portal token. */
@Injectable()
export class PortalSignIn {
  private readonly logger = new Logger('Portal');
  private readonly publicUrl: string;

  constructor(
    private readonly repo: PortalRepository,
    private readonly jwt: JwtService,
    private readonly students: StudentsService,
    private readonly orgs: OrganizationsService,
    private readonly communications: CommunicationsService,
    @InjectDataSource() private readonly db: DataSource,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /** Always the same answer after the same floor of time; a link is emailed only to a known student, within budget. */
  async requestLink(dto: RequestPortalLinkDto) {
    const started = Date.now();
    try {
      await this.sendLink(dto);
    } catch (e) {
      // Never told to the caller (that would say the email is known); logged for the operator.
      this.logger.error(`Sign-in link not sent: ${e instanceof Error ? e.message : String(e)}`);
    }
    await sleep(Math.max(0, LINK_REPLY_FLOOR_MS - (Date.now() - started)));
    return { message: LINK_REQUESTED };
  }

  private async sendLink(dto: RequestPortalLinkDto): Promise<void> {
    const org = await this.orgs.require(dto.organizationId).catch(() => null);
    if (!org || !selfServiceRules(org.settings).selfService) return;
    const student = await this.students.findByEmail(org.id, dto.email);
    if (!student) return;
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async (m) => {
      if (!(await this.repo.lockBudget(m, student.id, new Date(Date.now() - LINK_MINUTES * 60_000), LINKS_PER_WINDOW))) return;
      const linkId = await this.repo.insertLink(m, {
        organizationId: org.id,
        studentId: student.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + LINK_MINUTES * 60_000),
      });
      await this.communications.queueSystemEmail(m, {
        organizationId: org.id,
        studentId: student.id,
        recipient: { firstName: student.firstName, lastName: student.lastName, email: student.email, phone: student.phone },
        // In the student's language (issue 42 §2), else the organization's default.
        subject: (l) => signInLinkText(l, org.branding?.businessName || org.name, student.firstName, LINK_MINUTES).subject,
        message: (l) => signInLinkText(l, org.branding?.businessName || org.name, student.firstName, LINK_MINUTES).message,
        // The sign-in page opens in the same language (the public site reads ?lang=; English needs none).
        link: { url: (l) => `${this.publicUrl}/my/${token}${langQuery(l)}`, label: (l) => signInLinkText(l, '', '', LINK_MINUTES).label },
        dedupeKey: `portal-link:${linkId}`,
      });
    });
  }

  /** Exchanges a link for a portal token, once: a used, expired or unknown link is 410 with the way to a new one. */
  async session(token: string) {
    const link = await this.repo.consumeLink(sha256(token));
    if (!link) throw new PortalException(PortalError.LinkGone, LINK_GONE);
    const student = await this.repo.sessionStudent(link.id, link.studentId);
    if (!student) throw new PortalException(PortalError.LinkGone, LINK_GONE);
    const signed = await this.jwt.signAsync(
      { org: link.organizationId },
      {
        subject: link.studentId,
        audience: PORTAL_AUDIENCE,
        issuer: TOKEN_ISSUER,
        jwtid: link.id,
        algorithm: TOKEN_ALGORITHM,
        expiresIn: SESSION_SECONDS,
      },
    );
    return {
      token: signed,
      expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
      organizationId: link.organizationId,
      student: { id: student.studentId, firstName: student.firstName, lastName: student.lastName, email: student.email },
    };
  }

  async signOut(user: PortalUser) {
    await this.repo.signOut(user.linkId);
    return { signedOut: true };
  }
}
