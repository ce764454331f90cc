import { UserEntity } from '../modules/auth/user.entity';
import { ClassEntity } from '../modules/classes/class.entity';
import { ClassSessionEntity } from '../modules/classes/class-session.entity';
import { OrganizationEntity } from '../modules/organizations/organization.entity';
import { ActivityEventEntity } from '../modules/activity/activity-event.entity';
import { EnrollmentEntity } from '../modules/registration/enrollment.entity';
import { StudentEntity } from '../modules/students/student.entity';
import { PlanEntity } from '../modules/subscriptions/plan.entity';

export const ENTITIES = [
  UserEntity,
  OrganizationEntity,
  PlanEntity,
  ClassEntity,
  ClassSessionEntity,
  StudentEntity,
  EnrollmentEntity,
  ActivityEventEntity,
];
