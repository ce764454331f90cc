import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stringify as csvLines } from 'csv-stringify/sync';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { ZipFile } from 'yazl';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { EnrollmentsService } from '../registration/enrollments.service';
import { neutralise } from '../reporting/render/csv';
import { StudentsService } from '../students/students.service';
import { WaitlistService } from '../waitlist/waitlist.service';
import { RegistrationFormsService } from '../registration-forms/registration-forms.service';
import { DataExportRepository, EXPORT_TABLES, type ExportTable } from './data-export.repository';
import { JsonSpool } from './json-spool';

const BOM = '\ufeff';
/** Rows per csv-stringify call: one call per row costs more than the formatting. */
const CSV_BATCH = 500;

const cell = (v: unknown) =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : typeof v === 'string' ? neutralise(v) : String(v);

/**
 * An organization's data is its own: the whole of it in one ZIP, a student's own record as JSON,
 * and a student's erasure that keeps the money trail. Each export and erasure is an audit event.
 */
@Injectable()
export class DataExportService {
  constructor(
    private readonly repo: DataExportRepository,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly communications: CommunicationsService,
    private readonly students: StudentsService,
    private readonly enrollments: EnrollmentsService,
    private readonly waitlist: WaitlistService,
    private readonly forms: RegistrationFormsService,
  ) {}

  private rows(table: ExportTable, organizationId: string): AsyncIterable<Record<string, unknown>> {
    return 'owner' in table ? this.communications.exportLog(organizationId) : this.repo.rows(table, organizationId);
  }

  /**
   * The ZIP as a stream: one CSV per table (header row, UTF-8 with BOM, formulas neutralised) and
   * organization.json with the organization and every table's rows. yazl pulls one entry at a time and each
   * entry pulls its rows page by page, so memory stays bounded whatever the organization's size; each table is read
   * once, its rows written to the CSV and to organization.json's spool together.
   */
  async organizationZip(organizationId: string, userId: string): Promise<Readable> {
    const org = await this.repo.organization(organizationId);
    if (!org) throw new NotFoundException(`Organization ${organizationId} not found`);
    await this.activity.record(organizationId, 'data_export', 'The organization’s data was exported', {
      userId,
      files: EXPORT_TABLES.map((t) => t.file),
    });
    const spool = new JsonSpool({ organization: org, exportedAt: new Date() });
    const zip = new ZipFile();
    const mtime = new Date();
    const output = zip.outputStream as unknown as Readable;
    // yazl does not listen for its entries' errors (a failed query mid-export): the download fails, the process stays.
    const entry = (stream: Readable) => stream.on('error', (e) => output.destroy(e));
    for (const table of EXPORT_TABLES) zip.addReadStream(entry(this.csv(table, organizationId, spool)), table.file, { mtime });
    zip.addReadStream(entry(spool.read()), 'organization.json', { mtime });
    zip.end();
    // A download stopped halfway never reaches the spool's entry: its file goes with the stream.
    output.once('close', () => void spool.discard().catch(() => undefined));
    return output;
  }

  /** A table's CSV, read lazily when the ZIP reaches its entry, each row also written to organization.json's spool. */
  private csv(table: ExportTable, organizationId: string, spool: JsonSpool): Readable {
    const rows = () => this.rows(table, organizationId);
    const name = table.file.replace(/\.csv$/, '');
    const lines = (records: string[][]) => csvLines(records, { record_delimiter: 'windows' });
    async function* text() {
      await spool.begin(name);
      let header: string[] | null = null;
      let batch: string[][] = [];
      for await (const row of rows()) {
        await spool.row(row);
        if (!header) {
          header = Object.keys(row);
          yield BOM + lines([header]);
        }
        batch.push(header.map((k) => cell(row[k])));
        if (batch.length === CSV_BATCH) {
          yield lines(batch);
          batch = [];
        }
      }
      await spool.end();
      if (!header) yield BOM + lines([['(no rows)']]);
      else if (batch.length) yield lines(batch);
    }
    return Readable.from(text());
  }

  /** `userId` null: the student asked for their own data in their portal. */
  async studentExport(organizationId: string, studentId: string, userId: string | null) {
    const data = await this.repo.student(organizationId, studentId);
    if (!data) throw new NotFoundException(`Student ${studentId} not found`);
    // Every message to them, from the communications log (rating requests are messages of kind 'rating').
    const messages = await this.communications.messagesOfStudent(organizationId, studentId);
    // Their registration form answers and the waivers they signed.
    const { answers: registrationAnswers, waiverAcceptances } = await this.forms.ofStudent(organizationId, studentId);
    await this.activity.record(
      organizationId,
      'student_export',
      userId ? 'A student’s data was exported' : 'A student downloaded their own data',
      userId ? { studentId, userId } : { studentId, source: 'self_service' },
    );
    return { exportedAt: new Date(), ...data, messages, registrationAnswers, waiverAcceptances };
  }

  /**
   * Erasure (what pretix does): the person is anonymised and every financial record stays (enrollments with their
   * amounts, refunds, payment ids), now pointing at 'Erased Student'. Messages to them are deleted; the activity log
   * keeps its events with the name taken out. This module only orchestrates: each owner changes its own table.
   */
  async erase(organizationId: string, studentId: string, userId: string) {
    await this.db.transaction(async (manager) => {
      // Each owner erases what it holds about the person, all in this one transaction: all of it or none.
      const person = await this.students.anonymise(manager, organizationId, studentId);
      if (!person) throw new NotFoundException(`Student ${studentId} not found`);
      await this.enrollments.anonymiseStudent(manager, organizationId, studentId);
      await this.waitlist.anonymise(manager, organizationId, person.email);
      await this.activity.anonymiseStudent(manager, organizationId, studentId, person.name);
      await this.communications.eraseStudentMessages(manager, organizationId, studentId);
      await this.forms.eraseStudent(manager, organizationId, studentId);
      await this.activity.record(
        organizationId,
        'student_erased',
        'A student’s personal data was erased (financial records kept)',
        { studentId, userId },
        manager,
      );
    });
    return { id: studentId };
  }
}
