import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { StudentsService } from '../students/students.service';
import { UsageService } from '../subscriptions/usage.service';
import type { CreateStudentDto, UpdateStudentDto } from './dto/student.dto';
import { isUniqueViolation, RegistrationError, RegistrationException } from './registration.exception';
import { StudentEnrollmentEdits } from './student-enrollment-edits';

const emailTaken = (message = 'A student with this email already exists') =>
  new RegistrationException(RegistrationError.EmailTaken, message);

/**
 * The admin adds, edits and deletes a student's record, the person and their classes as one, in one transaction:
 * the person's own details through StudentsService, the classes through StudentEnrollmentEdits. Answers the
 * student's id; StudentRecordsService reads the record back.
 */
@Injectable()
export class StudentRecordWrites {
  constructor(
    private readonly students: StudentsService,
    private readonly edits: StudentEnrollmentEdits,
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly usage: UsageService,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The new student's id. */
  async create(organizationId: string, dto: CreateStudentDto): Promise<string> {
    try {
      return await this.db.transaction(async (manager) => {
        // The classes it joins first, in id order, then the plan's student count: the order every registration path
        // follows (class, then count), so this cannot deadlock with them. Nothing organization-wide is locked.
        for (const classId of [...new Set((dto.classEnrollments ?? []).map((c) => c.classId))].sort())
          await this.classes.lock(manager, classId, organizationId);
        if (await this.students.findByEmail(organizationId, dto.email, manager)) throw emailTaken();
        await this.usage.takeStudentSlot(organizationId, manager);
        const student = await this.students.add(manager, organizationId, dto);
        const name = `${student.firstName} ${student.lastName}`;
        await this.activity.record(
          organizationId,
          'student_registration',
          `${name} was added`,
          { studentId: student.id, studentName: name },
          manager,
        );
        await this.edits.apply(manager, student, dto.classEnrollments ?? []);
        return student.id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw emailTaken('A student with this email already exists, or is enrolled twice in one class');
      throw e;
    }
  }

  async update(id: string, organizationId: string, dto: UpdateStudentDto): Promise<void> {
    try {
      await this.db.transaction(async (manager) => {
        await this.orgs.lockForUpdate(manager, organizationId);
        const student = await this.students.findInOrganization(id, organizationId, manager);
        if (!student) throw new NotFoundException(`Student ${id} not found`);
        const other = await this.students.findByEmail(organizationId, dto.email, manager);
        // A household attendee shares the contact's email.
        if (other && other.id !== id && other.id !== student.householdContactId) throw emailTaken();
        await this.students.update(manager, student, dto);
        // student.updated is announced by the students module, which every change to a person goes through.
        if (dto.classEnrollments) await this.edits.apply(manager, student, dto.classEnrollments);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw emailTaken();
      throw e;
    }
  }

  /** Deleting a student frees each of their seats exactly once. */
  async delete(id: string, organizationId: string) {
    await this.db.transaction(async (manager) => {
      const student = await this.students.findInOrganization(id, organizationId, manager);
      if (!student) throw new NotFoundException(`Student ${id} not found`);
      await this.edits.refuseCardPaid(manager, id);
      // Attendees share the contact's email and phone: the household loses its contact only once they are gone.
      const members = (await this.students.householdMembers([id])).get(id) ?? [];
      if (members.length)
        throw new RegistrationException(
          RegistrationError.HouseholdContact,
          `This student is the household contact of ${members.map((m) => `${m.firstName} ${m.lastName}`).join(', ')}. Remove them first.`,
        );
      await this.edits.removeAll(manager, id, organizationId);
      await this.students.remove(manager, id, organizationId);
      await this.usage.studentsRemoved(organizationId, manager);
      const name = `${student.firstName} ${student.lastName}`;
      await this.activity.record(organizationId, 'student_removed', `${name} was removed`, { studentId: id, studentName: name }, manager);
    });
    return { id };
  }
}
