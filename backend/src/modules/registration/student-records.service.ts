import { Injectable, NotFoundException } from '@nestjs/common';
import type { ListParams } from '../../common/http/list-query';
import { ClassesService } from '../classes/classes.service';
import { RegistrationFormsService } from '../registration-forms/registration-forms.service';
import { WaiversService } from '../registration-forms/waivers.service';
import type { StudentEntity } from '../students/student.entity';
import { StudentsService } from '../students/students.service';
import type { CreateStudentDto, UpdateStudentDto } from './dto/student.dto';
import { mapStudent, type StudentResponse } from './student-record';
import { StudentRecordWrites } from './student-record-writes';
import { StudentRecordsRepository } from './student-records.repository';

/**
 * The admin's student records: a student with their enrollments, read and edited as one. Adding a class takes its
 * seat, removing one frees it, and deleting a student frees every seat exactly once; the person's own details are
 * the students module's, changed through StudentsService in the same transaction. The writes are
 * StudentRecordWrites' (the classes' seats and prices: StudentEnrollmentEdits); this service reads the record back.
 */
@Injectable()
export class StudentRecordsService {
  constructor(
    private readonly students: StudentsService,
    private readonly records: StudentRecordsRepository,
    private readonly classes: ClassesService,
    private readonly forms: RegistrationFormsService,
    private readonly waivers: WaiversService,
    private readonly writes: StudentRecordWrites,
  ) {}

  async list(organizationId: string, params: ListParams) {
    const { rows, enrollments, total } = await this.records.list(organizationId, params);
    const contacts = await this.students.householdContacts(rows);
    return { rows: rows.map((s) => mapStudent(s, enrollments.get(s.id) ?? [], { contact: contacts.get(s.id) })), total };
  }

  async get(id: string, organizationId: string): Promise<StudentResponse> {
    const s = await this.students.findInOrganization(id, organizationId);
    if (!s) throw new NotFoundException(`Student ${id} not found`);
    return (await this.withForms(organizationId, await this.withEnrollments([s])))[0];
  }

  /** The class roster; `teacherView`: only the answers the organization shows to teachers. */
  async studentsOfClass(classId: string, organizationId: string, teacherView = false) {
    await this.classes.require(classId, organizationId);
    const rows = await this.records.studentsOfClass(classId, organizationId);
    const contacts = await this.students.householdContacts(rows.map((r) => r.student));
    const records = rows.map(({ student, enrollment }) => mapStudent(student, [enrollment], { contact: contacts.get(student.id) }));
    return this.withForms(organizationId, records, { teacherView, classId });
  }

  /**
   * Each enrollment with its registration form answers and signed waivers; on a class roster also the class's
   * waivers it has not signed in their newest version (flagged on the teacher's roll).
   */
  private async withForms(organizationId: string, records: StudentResponse[], opts: { teacherView?: boolean; classId?: string } = {}) {
    const ids = records.flatMap((r) => [...r.classEnrollments, ...r.pastEnrollments].map((e) => e.id));
    const [answers, signed, unsigned] = await Promise.all([
      this.forms.answersByEnrollment(organizationId, ids, opts.teacherView),
      this.waivers.ofEnrollments(organizationId, ids),
      opts.classId ? this.waivers.unsignedByEnrollment(organizationId, opts.classId, ids) : null,
    ]);
    const decorate = (e: StudentResponse['classEnrollments'][number]) => ({
      ...e,
      answers: answers.get(e.id) ?? [],
      waivers: signed
        .filter((a) => a.enrollmentId === e.id)
        .map(({ id, waiverTitle, version, current, signedName, signedAs, acceptedAt }) => ({
          id,
          waiverTitle,
          version,
          current,
          signedName,
          signedAs,
          acceptedAt,
        })),
      ...(unsigned ? { unsignedWaivers: unsigned.get(e.id) ?? [] } : {}),
    });
    return records.map((r) => ({
      ...r,
      classEnrollments: r.classEnrollments.map(decorate),
      pastEnrollments: r.pastEnrollments.map(decorate),
    }));
  }

  /** The household contacts of these students (attendees), by attendee id: for rosters built elsewhere (teacher screens). */
  householdContacts(students: { id: string; householdContactId?: string | null }[]) {
    return this.students.householdContacts(students);
  }

  async create(organizationId: string, dto: CreateStudentDto): Promise<StudentResponse> {
    return this.get(await this.writes.create(organizationId, dto), organizationId);
  }

  async update(id: string, organizationId: string, dto: UpdateStudentDto): Promise<StudentResponse> {
    await this.writes.update(id, organizationId, dto);
    return this.get(id, organizationId);
  }

  /** Deleting a student frees each of their seats exactly once. */
  delete(id: string, organizationId: string) {
    return this.writes.delete(id, organizationId);
  }

  private async withEnrollments(rows: StudentEntity[]) {
    const enrollments = await this.records.enrollmentsOf(rows.map((r) => r.id));
    const contacts = await this.students.householdContacts(rows);
    const members = await this.students.householdMembers(rows.filter((r) => !r.householdContactId).map((r) => r.id));
    return rows.map((s) => mapStudent(s, enrollments.get(s.id) ?? [], { contact: contacts.get(s.id), members: members.get(s.id) }));
  }
}
