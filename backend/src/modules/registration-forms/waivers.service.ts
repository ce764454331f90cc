import { createHash } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import type { CreateWaiverDto, UpdateWaiverDto } from './dto/waiver.dto';
import { PublicForms } from './public-forms.service';
import { RegistrationQuestions } from './registration-questions.service';
import { WaiverSignLinksService } from './waiver-sign-links.service';
import { waiverBlocks, waiverHtml, type WaiverBlock } from './waiver-markdown';
import { WaiversRepository, type AcceptanceRow, type VersionRow, type WaiverRow } from './waivers.repository';

/** The SHA-256 of a version's text (UTF-8), hex: printed on the PDF so a copy can be checked against the record. */
export const sha256 = (body: string) => createHash('sha256').update(body, 'utf8').digest('hex');

/** Waivers with their immutable versions, and the acceptances signed at registration (the admin's side). */
@Injectable()
export class WaiversService {
  constructor(
    private readonly repo: WaiversRepository,
    private readonly questions: RegistrationQuestions,
    private readonly publicForms: PublicForms,
    private readonly signLinks: WaiverSignLinksService,
  ) {}

  async list(organizationId: string) {
    const waivers = await this.repo.list(organizationId);
    const versions = await this.repo.versionsOf(
      organizationId,
      waivers.map((w) => w.id),
    );
    return waivers.map((w) => reply(w, versions));
  }

  async get(organizationId: string, id: string) {
    const w = await this.repo.find(organizationId, id);
    if (!w) throw new NotFoundException(`Waiver ${id} not found`);
    return reply(w, await this.repo.versionsOf(organizationId, [id]));
  }

  async create(organizationId: string, dto: CreateWaiverDto) {
    const classIds = dto.classIds?.length ? [...new Set(dto.classIds)] : null;
    await this.questions.checkClassIds(organizationId, classIds);
    const id = await this.repo.insert(organizationId, { title: dto.title, classIds, active: dto.active ?? true });
    if (dto.body) await this.repo.addVersion(organizationId, id, dto.body, sha256(dto.body));
    this.publicForms.formChanged(organizationId);
    return this.get(organizationId, id);
  }

  async update(organizationId: string, id: string, dto: UpdateWaiverDto) {
    const w = await this.get(organizationId, id);
    const classIds = dto.classIds === undefined ? w.classIds : dto.classIds?.length ? [...new Set(dto.classIds)] : null;
    await this.questions.checkClassIds(organizationId, classIds);
    await this.repo.update(organizationId, id, { title: dto.title ?? w.title, classIds, active: dto.active ?? w.active });
    this.publicForms.formChanged(organizationId);
    return this.get(organizationId, id);
  }

  /** A new version: from now on registrations sign it; the older ones stay as they were, with their signatures. */
  async addVersion(organizationId: string, id: string, body: string) {
    const versionId = await this.repo.addVersion(organizationId, id, body, sha256(body));
    if (!versionId) throw new NotFoundException(`Waiver ${id} not found`);
    this.publicForms.formChanged(organizationId);
    this.signLinks.runSoon();
    return this.get(organizationId, id);
  }

  /** Who signed what: every acceptance of the waiver, `current: false` for those of an older version. */
  async signatures(organizationId: string, id: string): Promise<AcceptanceRow[]> {
    await this.get(organizationId, id);
    return this.repo.acceptancesOfWaiver(organizationId, id);
  }

  /** The signatures of one enrollment of the organization; another organization's or an unknown one is 404. */
  async ofEnrollment(organizationId: string, enrollmentId: string): Promise<AcceptanceRow[]> {
    if (!(await this.repo.enrollmentInOrganization(organizationId, enrollmentId))) throw new NotFoundException('Enrollment not found');
    return this.repo.acceptancesOfEnrollments(organizationId, [enrollmentId]);
  }

  ofEnrollments(organizationId: string, enrollmentIds: string[]): Promise<AcceptanceRow[]> {
    return this.repo.acceptancesOfEnrollments(organizationId, enrollmentIds);
  }

  /**
   * For the roster and the teacher's roll: per enrollment, the titles of the class's waivers it has no signature of
   * the newest version for (a waiver added or updated after the registration).
   */
  async unsignedByEnrollment(organizationId: string, classId: string, enrollmentIds: string[]): Promise<Map<string, string[]>> {
    const [required, signed] = await Promise.all([
      this.repo.activeWithNewestVersion(organizationId, classId),
      this.repo.acceptancesOfEnrollments(organizationId, enrollmentIds),
    ]);
    const have = new Set(signed.map((a) => `${a.enrollmentId}:${a.waiverVersionId}`));
    return new Map(enrollmentIds.map((id) => [id, required.filter((w) => !have.has(`${id}:${w.versionId}`)).map((w) => w.title)]));
  }

  /** The signed waiver as a PDF: the text of the version signed, who signed it, when, from where, and its hash. */
  async pdf(organizationId: string, acceptanceId: string): Promise<{ file: Readable; name: string }> {
    const a = await this.repo.acceptanceWithText(organizationId, acceptanceId);
    if (!a) throw new NotFoundException(`Waiver acceptance ${acceptanceId} not found`);
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `${a.waiverTitle} (version ${a.version}) signed by ${a.signedName}` },
    });
    doc.font('Helvetica-Bold').fontSize(18).text(a.waiverTitle);
    doc.font('Helvetica').fontSize(10).fillColor('#444444').text(`Version ${a.version}`).moveDown();
    doc.fillColor('#000000');
    writeBlocks(doc, waiverBlocks(a.body));
    doc.moveDown(2);
    doc.font('Helvetica-Bold').fontSize(12).text('Signature');
    doc.font('Helvetica').fontSize(11);
    const as = a.signedAs === 'guardian' ? ' (as parent or guardian)' : a.signedAs === 'contact' ? ' (as the registration’s contact)' : '';
    doc.text(`Signed by: ${a.signedName}${as}`);
    doc.text(`Signed at: ${new Date(a.acceptedAt).toISOString()}`);
    if (a.clientIp) doc.text(`Client address: ${a.clientIp}`);
    if (a.userAgent) doc.text(`Browser: ${a.userAgent}`);
    doc.text(`Text SHA-256: ${a.sha256}`);
    doc.end();
    return { file: doc, name: `waiver-${a.id}.pdf` };
  }
}

/** The waiver text in the PDF as its Markdown reads: headings larger, list items indented with their marker. */
function writeBlocks(doc: PDFKit.PDFDocument, blocks: WaiverBlock[]): void {
  const left = doc.page.margins.left;
  for (const b of blocks) {
    if (b.kind === 'heading') doc.font('Helvetica-Bold').fontSize(Math.max(11, 17 - b.level * 2));
    else doc.font(b.kind === 'quote' ? 'Helvetica-Oblique' : 'Helvetica').fontSize(11);
    const indent = b.kind === 'item' ? 14 * b.level : b.kind === 'quote' ? 14 : 0;
    doc.text(b.marker ? `${b.marker} ${b.text}` : b.text, left + indent, undefined, { align: 'left' });
    doc.moveDown(b.kind === 'item' ? 0.2 : 0.6);
  }
  doc.x = left;
  doc.font('Helvetica').fontSize(11);
}

function reply(w: WaiverRow, versions: VersionRow[]) {
  const own = versions.filter((v) => v.waiverId === w.id).map(({ waiverId: _w, ...v }) => ({ ...v, bodyHtml: waiverHtml(v.body) }));
  return { ...w, currentVersion: own[0] ?? null, versions: own };
}
