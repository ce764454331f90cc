import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StudentsService } from '../students/students.service';
import { EnrollmentLifecycleService } from './enrollment-lifecycle.service';
import { EnrollmentsRepository } from './enrollments.repository';
import { cardEnrollmentRemoved, RegistrationError, RegistrationException } from './registration.exception';
import { StudentRecordsService } from './student-records.service';

const notEnrolled = () => new RegistrationException(RegistrationError.NotEnrolled, 'This student is not enrolled in this class');

/**
 * The admin takes a class off a student's record (`DELETE /students/{id}/enrollments/{classId}`). It is the one
 * cancel every other path uses (the row kept as cancelled, its seat freed once, the same activity and
 * `enrollment.cancelled` payload), never a deleted row. No refund: an enrollment paid by card is refused here and
 * cancelled through the payments routes, where the admin chooses the refund; money taken in person is settled with
 * the student outside Classlane, as the admin's cancel without a refund does (see docs/decisions).
 */
@Injectable()
export class EnrollmentRemovalService {
  constructor(
    private readonly students: StudentsService,
    private readonly enrollments: EnrollmentsRepository,
    private readonly lifecycle: EnrollmentLifecycleService,
    private readonly records: StudentRecordsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The student after the cancel; 404 NOT_ENROLLED when no seat-taking enrollment is left (a repeat, or a race lost). */
  async remove(studentId: string, classId: string, organizationId: string, userId: string | null) {
    const student = await this.students.findInOrganization(studentId, organizationId);
    if (!student) throw new NotFoundException(`Student ${studentId} not found`);
    const open = await this.enrollments.openEnrollment(this.db.manager, organizationId, studentId, classId);
    if (!open) throw notEnrolled();
    if (open.card) throw cardEnrollmentRemoved();
    // The cancel locks the row: of two requests at once, the second finds it cancelled and answers NOT_ENROLLED.
    await this.lifecycle.cancelWithoutRefund(organizationId, userId, open.id, notEnrolled);
    return this.records.get(studentId, organizationId);
  }
}
