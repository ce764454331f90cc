import { IsIn, IsOptional } from 'class-validator';

/** DELETE /api/students/{id}?erase=true: anonymise instead of deleting (the money trail stays). */
export class DeleteStudentQuery {
  @IsOptional() @IsIn(['true', 'false'], { message: 'erase must be true or false' }) erase?: 'true' | 'false';
}
