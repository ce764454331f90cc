import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import type { ClassEntity } from '../classes/class.entity';
import { ClassSessionsService } from '../classes/class-sessions.service';
import { ClassError, ClassException } from '../classes/classes.exception';
import { ClassesService } from '../classes/classes.service';
import { ActivityService } from '../activity/activity.service';
import { EnrollmentsService } from '../registration/enrollments.service';
import { AttendanceRepository, type SavedMark } from './attendance.repository';
import type { AttendanceEntryDto, BulkAttendanceDto, MarkAttendanceDto } from './dto/attendance.dto';

const NOT_ENROLLED = 'This student is not enrolled in this class';

const invalid = (field: string, message: string) => new AppException(400, message, { errors: { [field]: message } });

/** Attendance per student per session (spec 3 §2.11, §4); sessions come from the class schedule. */
@Injectable()
export class AttendanceService {
  constructor(
    private readonly repo: AttendanceRepository,
    private readonly classes: ClassesService,
    private readonly enrollments: EnrollmentsService,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: ClassSessionsService,
  ) {}

  /**
   * Every scheduled session, marked or not. Only currently enrolled students count: a mark left by a
   * cancelled enrollment would otherwise push a session above 100%. percent is null until something
   * is marked (never a made-up 0%, spec README decision 8).
   */
  async forClass(classId: string, organizationId: string) {
    const cls = await this.classes.require(classId, organizationId);
    const [students, marks, starts] = await Promise.all([
      this.enrollments.rosterOfClass(classId, organizationId),
      this.repo.marksOfClass(classId, organizationId),
      this.sessions.startsOf(cls),
    ]);
    // A cancelled session is not held: no roll is taken for it. A session's roll is the whole-class students and that
    // session's drop-ins (issue 39 §3).
    const sessions = starts
      .filter((s) => !s.cancelled)
      .map(({ startsAt: sessionDate, sessionIndex }) => {
        const roll = students.filter((s) => !s.dropInSessions || s.dropInSessions.includes(sessionIndex));
        const enrolled = new Set(roll.map((s) => s.id));
        const entries = marks
          .filter((m) => m.sessionIndex === sessionIndex && enrolled.has(m.studentId))
          .map((m) => ({ studentId: m.studentId, attended: m.attended }));
        const presentCount = entries.filter((e) => e.attended).length;
        const percent = entries.length ? Math.round((presentCount / roll.length) * 100) : null;
        const dropIns = roll.filter((s) => s.dropInSessions).map((s) => s.id);
        // Make-ups (issue 41 §3) are drop-in seats of this session booked with a make-up token.
        const makeUps = roll.filter((s) => s.makeUpSessions?.includes(sessionIndex)).map((s) => s.id);
        return { sessionIndex, sessionDate, entries, presentCount, absentCount: entries.length - presentCount, percent, dropIns, makeUps };
      });
    return { classId, sessions, students };
  }

  async mark(organizationId: string, userId: string, dto: MarkAttendanceDto) {
    const [saved] = await this.save(organizationId, userId, dto, [{ studentId: dto.studentId, attended: dto.attended }], 'studentId');
    return saved;
  }

  bulk(organizationId: string, userId: string, dto: BulkAttendanceDto) {
    return this.save(organizationId, userId, dto, dto.attendanceData, 'attendanceData');
  }

  /**
   * All marks of one call in one transaction with one activity event: any unknown or unenrolled
   * student refuses the whole call, so Mark All never half-applies. The session date stored is the
   * class schedule's date for the index, not the client's clock.
   */
  private async save(
    organizationId: string,
    userId: string,
    dto: { classId: string; sessionIndex: number },
    marks: AttendanceEntryDto[],
    field: 'studentId' | 'attendanceData',
  ) {
    const cls = await this.classes.require(dto.classId, organizationId);
    const sessionDate = await this.sessionDate(cls, dto.sessionIndex);
    const fieldOf = (i: number) => (field === 'studentId' ? 'studentId' : `attendanceData.${i}.studentId`);
    const seen = new Set<string>();
    marks.forEach((m, i) => {
      if (seen.has(m.studentId)) throw invalid(fieldOf(i), 'This student appears more than once in attendanceData');
      seen.add(m.studentId);
    });
    const saved = await this.db.transaction(async (manager) => {
      const enrolled = await this.enrollments.lockEnrolledInClass(manager, cls.id, organizationId, [...seen], dto.sessionIndex);
      const names = new Map(enrolled.map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
      const missing = marks.findIndex((m) => !names.has(m.studentId));
      if (missing >= 0) throw invalid(fieldOf(missing), NOT_ENROLLED);
      const rows = await this.repo.upsertMarks(
        manager,
        { organizationId, classId: cls.id, sessionIndex: dto.sessionIndex, sessionDate, markedBy: userId },
        marks,
      );
      await this.recordEvent(
        organizationId,
        cls,
        dto.sessionIndex,
        sessionDate,
        rows,
        field === 'studentId' ? names.get(marks[0].studentId)! : null,
        manager,
      );
      return rows;
    });
    return saved.map((r) => ({
      studentId: r.studentId,
      classId: cls.id,
      sessionIndex: r.sessionIndex,
      sessionDate: r.sessionDate,
      attended: r.attended,
    }));
  }

  private async sessionDate(cls: ClassEntity, sessionIndex: number): Promise<Date> {
    if (sessionIndex > cls.days - 1) {
      throw invalid(
        'sessionIndex',
        `sessionIndex must be between 0 and ${cls.days - 1}: this class has ${cls.days} session${cls.days === 1 ? '' : 's'}`,
      );
    }
    const session = (await this.sessions.startsOf(cls))[sessionIndex];
    if (session.cancelled)
      throw new ClassException(ClassError.SessionCancelled, 'This session is cancelled: no attendance is taken for it.');
    return session.startsAt;
  }

  private recordEvent(
    organizationId: string,
    cls: ClassEntity,
    sessionIndex: number,
    sessionDate: Date,
    rows: SavedMark[],
    studentName: string | null,
    manager: EntityManager,
  ) {
    const presentCount = rows.filter((r) => r.attended).length;
    const session = `session ${sessionIndex + 1}`;
    const description = studentName
      ? `${studentName} marked ${rows[0].attended ? 'present' : 'absent'} in ${cls.title}, ${session}`
      : `Attendance taken in ${cls.title}, ${session}: ${presentCount} present, ${rows.length - presentCount} absent`;
    return this.activity.record(
      organizationId,
      'attendance_marked',
      description,
      {
        classId: cls.id,
        className: cls.title,
        sessionIndex,
        sessionDate,
        studentsCount: rows.length,
        presentCount,
        absentCount: rows.length - presentCount,
        ...(studentName ? { studentId: rows[0].studentId, studentName } : {}),
      },
      manager,
    );
  }
}
