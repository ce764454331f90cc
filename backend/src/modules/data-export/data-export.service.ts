import { forwardRef, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { ZipFile } from 'yazl';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { neutralise } from '../reporting/render/csv';
import { DataExportRepository, EXPORT_TABLES, type ExportTable } from './data-export.repository';

const cell = (v: unknown) =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : typeof v === 'string' ? neutralise(v) : String(v);

/**
 * An organization's data is its own (issue 12 §6): the whole of it in one ZIP, a student's own record as JSON,
 * and a student's erasure that keeps the money trail. Each export and erasure is an audit event.
 */
@Injectable()
export class DataExportService {
  constructor(
    private readonly repo: DataExportRepository,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
    // Students -> DataExport -> Communications -> Students: a type, not the class, in the signature.
    @Inject(forwardRef(() => CommunicationsService))
    private readonly communications: Pick<CommunicationsService, 'exportLog' | 'eraseStudentMessages' | 'messagesOfStudent'>,
  ) {}

  private rows(table: ExportTable, organizationId: string): AsyncIterable<Record<string, unknown>> {
    return 'owner' in table ? this.communications.exportLog(organizationId) : this.repo.rows(table, organizationId);
  }

  /**
   * The ZIP as a stream: one CSV per table (header row, UTF-8 with BOM, formulas neutralised) and
   * organization.json with the organization and every table's rows. yazl pulls one entry at a time and each
   * entry pulls its rows page by page, so memory stays bounded whatever the organization's size.
   */
  async organizationZip(organizationId: string, userId: string): Promise<Readable> {
    const org = await this.repo.organization(organizationId);
    if (!org) throw new NotFoundException(`Organization ${organizationId} not found`);
    await this.activity.record(organizationId, 'data_export', 'The organization’s data was exported', {
      userId,
      files: EXPORT_TABLES.map((t) => t.file),
    });
    const zip = new ZipFile();
    const mtime = new Date();
    for (const table of EXPORT_TABLES) zip.addReadStream(this.csv(table, organizationId), table.file, { mtime });
    zip.addReadStream(Readable.from(this.json(org, organizationId)), 'organization.json', { mtime });
    zip.end();
    return zip.outputStream as unknown as Readable;
  }

  private csv(table: ExportTable, organizationId: string): Readable {
    const rows = () => this.rows(table, organizationId);
    async function* lines() {
      let header: string[] | null = null;
      for await (const row of rows()) {
        if (!header) {
          header = Object.keys(row);
          yield header;
        }
        yield header.map((k) => cell(row[k]));
      }
      if (!header) yield ['(no rows)'];
    }
    return Readable.from(lines()).pipe(stringify({ bom: true, record_delimiter: 'windows' }));
  }

  /** organization.json, written piece by piece: { organization, exportedAt, classes: [...], ... }. */
  private async *json(org: Record<string, unknown>, organizationId: string): AsyncGenerator<string> {
    yield `{"organization":${JSON.stringify(org)},"exportedAt":${JSON.stringify(new Date())}`;
    for (const table of EXPORT_TABLES) {
      yield `,${JSON.stringify(table.file.replace(/\.csv$/, ''))}:[`;
      let first = true;
      for await (const row of this.rows(table, organizationId)) {
        yield (first ? '' : ',') + JSON.stringify(row);
        first = false;
      }
      yield ']';
    }
    yield '}\n';
  }

  async studentExport(organizationId: string, studentId: string, userId: string) {
    const data = await this.repo.student(organizationId, studentId);
    if (!data) throw new NotFoundException(`Student ${studentId} not found`);
    // Every message to them, from the communications log (rating requests are messages of kind 'rating').
    const messages = await this.communications.messagesOfStudent(organizationId, studentId);
    await this.activity.record(organizationId, 'student_export', 'A student’s data was exported', { studentId, userId });
    return { exportedAt: new Date(), ...data, messages };
  }

  async erase(organizationId: string, studentId: string, userId: string) {
    await this.db.transaction(async (manager) => {
      if (!(await this.repo.anonymise(manager, organizationId, studentId))) throw new NotFoundException(`Student ${studentId} not found`);
      await this.communications.eraseStudentMessages(manager, organizationId, studentId);
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
