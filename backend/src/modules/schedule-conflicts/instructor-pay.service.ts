import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/http/app-exception';
import { addDays, localDate, SERVER_TIME_ZONE } from '../../common/time-zone';
import { OrganizationsService } from '../organizations/organizations.service';
import type { ReportTable } from '../reporting/render/report-table';
import { isCalendarDate } from './dto/room-calendar.dto';
import { instructorPay } from './instructor-pay';
import { InstructorPayRepository } from './instructor-pay.repository';

const RANGE = 'from and to must be dates written YYYY-MM-DD, from not after to, at most 366 days apart';
const dollars = (cents: number) => cents / 100;

/** The instructor pay report for a range of the organization's days (both included), as JSON or as a CSV table. */
@Injectable()
export class InstructorPayService {
  constructor(
    private readonly repo: InstructorPayRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  async report(organizationId: string, fromDate: string, toDate: string, now = new Date()) {
    if (!isCalendarDate(fromDate) || !isCalendarDate(toDate) || fromDate > toDate || addDays(fromDate, 366) <= toDate)
      throw new AppException(400, RANGE, { errors: { from: RANGE } });
    const timeZone = (await this.orgs.require(organizationId)).settings.timeZone ?? SERVER_TIME_ZONE;
    const [from, to] = await Promise.all([this.repo.midnight(fromDate, timeZone), this.repo.midnight(addDays(toDate, 1), timeZone)]);
    const pay = instructorPay(await this.repo.taught(organizationId, from, to, now), (at) => localDate(at, timeZone).slice(0, 7));
    const instructors = pay.map((p) => ({
      instructorId: p.instructorId,
      name: p.instructorName,
      payRule: p.payRule,
      sessionsTaught: p.sessions.length,
      hours: p.minutes / 60,
      headcount: p.headcount,
      sessionsWithoutRoll: p.withoutRoll,
      pay: dollars(p.payCents),
      sessions: p.sessions.map((s) => ({
        sessionId: s.sessionId,
        classId: s.classId,
        classTitle: s.classTitle,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        headcount: s.headcount,
        rollTaken: s.rollTaken,
        pay: dollars(s.payCents),
      })),
    }));
    return { from: fromDate, to: toDate, timeZone, instructors, total: dollars(pay.reduce((n, p) => n + p.payCents, 0)) };
  }

  /** The CSV's table: one row per session taught, then one total row per instructor (a flat rule's pay is in it). */
  table(r: Awaited<ReturnType<InstructorPayService['report']>>): ReportTable {
    const rows: (string | number | null)[][] = [];
    for (const i of r.instructors) {
      for (const s of i.sessions)
        rows.push([
          i.name,
          s.classTitle,
          localDate(new Date(s.startsAt), r.timeZone),
          (new Date(s.endsAt).getTime() - new Date(s.startsAt).getTime()) / 3_600_000,
          s.rollTaken ? s.headcount : null,
          s.rollTaken ? '' : 'No roll taken',
          s.pay,
        ]);
      rows.push([`${i.name}: total`, `${i.sessionsTaught} sessions`, '', i.hours, i.headcount, '', i.pay]);
    }
    return {
      title: 'Instructor pay',
      columns: [
        { header: 'Instructor', kind: 'text' },
        { header: 'Class', kind: 'text' },
        { header: 'Date', kind: 'text' },
        { header: 'Hours', kind: 'text' },
        { header: 'Headcount', kind: 'int' },
        { header: 'Flag', kind: 'text' },
        { header: 'Pay', kind: 'money' },
      ],
      rows,
      totals: ['Total', '', '', '', '', '', r.total],
    };
  }
}
