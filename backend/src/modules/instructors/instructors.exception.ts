import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why an instructor record was refused: stable codes clients can branch on (beside the message). */
export enum InstructorError {
  /** The organization already has an instructor of this name (names are compared without case). */
  InstructorNameTaken = 'INSTRUCTOR_NAME_TAKEN',
  /** A class still names this instructor: give the classes another one first. */
  InstructorInUse = 'INSTRUCTOR_IN_USE',
  /** The instructor named by a class is not one of the organization's. */
  UnknownInstructor = 'UNKNOWN_INSTRUCTOR',
  /** The user to link is not a teacher of the organization. */
  UnknownTeacher = 'UNKNOWN_TEACHER',
  /** The teacher is already linked to another instructor record. */
  TeacherAlreadyLinked = 'TEACHER_ALREADY_LINKED',
}

const STATUS: Record<InstructorError, HttpStatus> = {
  [InstructorError.InstructorNameTaken]: HttpStatus.CONFLICT,
  [InstructorError.InstructorInUse]: HttpStatus.CONFLICT,
  [InstructorError.UnknownInstructor]: HttpStatus.BAD_REQUEST,
  [InstructorError.UnknownTeacher]: HttpStatus.BAD_REQUEST,
  [InstructorError.TeacherAlreadyLinked]: HttpStatus.CONFLICT,
};

/** An instructor rule said no: the status follows from the code; `errors` names the field when one is at fault. */
export class InstructorException extends CodedException<InstructorError> {
  constructor(code: InstructorError, message: string, field?: string) {
    super(code, STATUS[code], message, field ? { errors: { [field]: message } } : {});
  }
}
