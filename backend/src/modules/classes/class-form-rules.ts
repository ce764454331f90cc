// Pure rules of the class form that ClassesService applies on create and update.
import { AppException } from '../../common/http/app-exception';
import type { ClassEntity } from './class.entity';

/** What a go/no-go decision depends on besides the enrolment itself: a change to any of them asks for a new one. */
export const decisionBasis = (c: ClassEntity) =>
  [new Date(c.startDate).getTime(), c.decisionHoursBefore, c.minEnrollment, c.autoCancelBelowMinimum].join('|');

/** A minimum above the class's capacity could never be met. */
export function assertMinimum(min: number, max: number) {
  if (min > max) {
    const message = `Minimum enrolment (${min}) cannot be more than max students (${max})`;
    throw new AppException(400, message, { errors: { minEnrollment: message } });
  }
}
