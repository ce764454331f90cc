import { Injectable, NotFoundException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { answerText } from '../registration-forms/answer-rules';
import { csvStream } from '../reporting/render/csv';
import type { Column } from '../reporting/render/report-table';
import { SheetsRepository, type SheetPerson } from './data-export.repository';

const text = (header: string): Column => ({ header, kind: 'text' });
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : '');

/**
 * The spreadsheet downloads an admin opens in Excel: a class roster and the students list, one row per person and
 * one column per registration question (a household's attendees each on their own row with their own answers).
 * Every text cell goes through the reports' CSV writer, which defuses formulas (CSV injection).
 */
@Injectable()
export class SheetsService {
  constructor(private readonly repo: SheetsRepository) {}

  async roster(organizationId: string, classId: string): Promise<{ file: Readable; name: string }> {
    const title = await this.repo.classTitle(organizationId, classId);
    if (title === null) throw new NotFoundException(`Class ${classId} not found`);
    const people = await this.repo.roster(organizationId, classId);
    const answers = await this.repo.answersOfEnrollments(
      organizationId,
      people.map((p) => p.id),
    );
    const fixed = ['First name', 'Last name', 'Email', 'Phone', 'Household contact', 'Date of birth', 'Status', 'Payment method'];
    const more = ['Payment status', 'Amount paid', 'Enrolled at'];
    const rest = (p: SheetPerson) => [p.paymentStatus ?? '', p.amountPaid ?? '', iso(p.date)];
    return {
      file: await this.sheet(organizationId, classId, `Roster of ${title}`, [...fixed, ...more], people, answers, (p) => [
        ...this.person(p),
        p.status,
        p.paymentMethod ?? '',
        ...rest(p),
      ]),
      name: `roster-${slug(title)}.csv`,
    };
  }

  async students(organizationId: string): Promise<{ file: Readable; name: string }> {
    const people = await this.repo.students(organizationId);
    const answers = await this.repo.answersOfStudents(organizationId);
    const headers = ['First name', 'Last name', 'Email', 'Phone', 'Household contact', 'Date of birth', 'Status', 'Registered at'];
    return {
      file: await this.sheet(organizationId, null, 'Students', headers, people, answers, (p) => [...this.person(p), p.status, iso(p.date)]),
      name: `students-${new Date().toISOString().slice(0, 10)}.csv`,
    };
  }

  private person(p: SheetPerson): string[] {
    return [p.firstName, p.lastName, p.email, p.phone, p.contact ?? '', p.dateOfBirth ?? ''];
  }

  private async sheet(
    organizationId: string,
    classId: string | null,
    title: string,
    headers: string[],
    people: SheetPerson[],
    answers: { rowId: string; questionId: string; value: unknown }[],
    cells: (p: SheetPerson) => string[],
  ): Promise<Readable> {
    const questions = await this.repo.questions(organizationId, classId, [...new Set(answers.map((a) => a.questionId))]);
    const byRow = new Map<string, Map<string, unknown>>();
    for (const a of answers) {
      if (!byRow.has(a.rowId)) byRow.set(a.rowId, new Map());
      byRow.get(a.rowId)!.set(a.questionId, a.value);
    }
    // Two questions may share a label: number the later ones so every column can be told apart.
    const seen = new Map<string, number>();
    const labels = questions.map((q) => {
      const n = (seen.get(q.label) ?? 0) + 1;
      seen.set(q.label, n);
      return n > 1 ? `${q.label} (${n})` : q.label;
    });
    const rows = people.map((p) => [...cells(p), ...questions.map((q) => answerText(byRow.get(p.id)?.get(q.id)))]);
    return csvStream({ title, columns: [...headers, ...labels].map(text), rows });
  }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'class';
