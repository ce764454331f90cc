import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrganizationsService } from '../organizations/organizations.service';
import { StudentsService } from '../students/students.service';
import { UsageService } from '../subscriptions/usage.service';
import type { EnrolledStudent, LockedEnrollment } from './enrollment.entity';
import { ClassRollsRepository } from './class-rolls.repository';
import { EnrollmentsRepository } from './enrollments.repository';
import { Seats } from './seats';

/**
 * What other modules ask of enrollments outside a registration: the attendance register, the in-person payment
 * marks (payments), and the IT-admin portal's counts, payments, resets and bulk delete.
 */
@Injectable()
export class EnrollmentsService {
  constructor(
    private readonly repo: EnrollmentsRepository,
    private readonly rolls: ClassRollsRepository,
    private readonly students: StudentsService,
    private readonly classSeats: Seats,
    private readonly orgs: OrganizationsService,
    private readonly usage: UsageService,
  ) {}

  /** The class's enrolled students (id and name), sorted by name: the attendance register. */
  rosterOfClass(classId: string, organizationId: string): Promise<EnrolledStudent[]> {
    return this.rolls.rosterOfClass(classId, organizationId);
  }

  /**
   * Which of these students are enrolled in the class, with their names; the enrollment rows are
   * share-locked for the caller's transaction so none is cancelled before its write commits.
   */
  lockEnrolledInClass(
    manager: EntityManager,
    classId: string,
    organizationId: string,
    studentIds: string[],
    sessionIndex: number | null = null,
  ): Promise<EnrolledStudent[]> {
    return this.rolls.lockEnrolledInClass(manager, classId, organizationId, studentIds, sessionIndex);
  }

  /** Locks the enrollment row for the caller's transaction, so two payment marks of it run one after the other. */
  lockEnrollment(manager: EntityManager, organizationId: string, studentId: string, classId: string): Promise<LockedEnrollment | null> {
    return this.repo.lockEnrollment(manager, organizationId, studentId, classId);
  }

  /** pending -> completed in person for the amount due; null when it was not pending (a second click changes nothing). */
  markEnrollmentPaidInPerson(manager: EntityManager, enrollmentId: string, amountCents: number) {
    return this.repo.markEnrollmentPaidInPerson(manager, enrollmentId, amountCents);
  }

  /** A paid registration's balance due in person (after a switch to a dearer class) paid; null when it is not that amount. */
  payBalanceInPerson(manager: EntityManager, enrollmentId: string, cents: number) {
    return this.repo.payBalanceInPerson(manager, enrollmentId, cents);
  }

  /** completed in person -> pending with nothing paid; null for anything else (a card payment is never undone here). */
  markEnrollmentUnpaid(manager: EntityManager, enrollmentId: string) {
    return this.repo.markEnrollmentUnpaid(manager, enrollmentId);
  }

  /** IT-admin overview: students and registered (active) enrollments per organization. */
  async countsByOrganization(organizationIds: string[]): Promise<Map<string, { students: number; enrollments: number }>> {
    const [students, enrollments] = await Promise.all([
      this.students.countByOrganization(organizationIds),
      this.repo.countByOrganization(organizationIds),
    ]);
    return new Map(organizationIds.map((id) => [id, { students: students.get(id) ?? 0, enrollments: enrollments.get(id) ?? 0 }]));
  }

  /** IT-admin student payments, newest first. */
  paymentsOfOrganization(organizationId: string, offset: number, limit: number) {
    return this.repo.paymentsOfOrganization(organizationId, offset, limit);
  }

  /** IT-admin payment reset: in-person payments back to pending; card payments listed as skipped. */
  resetInPersonPayments(manager: EntityManager, organizationId: string) {
    return this.repo.resetInPersonPayments(manager, organizationId);
  }

  /** IT-admin bulk delete: every student of the organization with their enrollments, each seat freed once. */
  async deleteAllOfOrganization(manager: EntityManager, organizationId: string) {
    await this.orgs.lockForUpdate(manager, organizationId);
    const { enrollments, seatClassIds } = await this.repo.deleteAllOfOrganization(manager, organizationId);
    const students = await this.students.deleteAllOfOrganization(manager, organizationId);
    await this.classSeats.release(manager, 'enrollment', organizationId, seatClassIds);
    await this.usage.studentsRemoved(organizationId, manager);
    return { students, enrollments };
  }

  /** Seat holds whose card payment is still open (their PaymentIntents are cancelled when the organization is deleted). */
  openCardHolds(organizationId: string, manager?: EntityManager) {
    return this.repo.openCardHolds(organizationId, manager);
  }

  /** Erasure of a student: their enrollments keep the money trail and lose what they typed at registration. */
  anonymiseStudent(manager: EntityManager, organizationId: string, studentId: string): Promise<void> {
    return this.repo.anonymiseStudent(manager, organizationId, studentId);
  }

  /** Where these enrollments stand now (the waitlist shows what became of a registration from an offer). */
  enrollmentStates(organizationId: string, ids: string[]) {
    return this.repo.enrollmentStates(organizationId, ids);
  }
}
