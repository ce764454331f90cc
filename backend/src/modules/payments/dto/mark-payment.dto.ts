import { IsOptional, IsUUID } from 'class-validator';

/** Body of POST /payments/mark-paid and /payments/mark-unpaid (spec 3 §2.11 Payments tab). */
export class MarkPaymentDto {
  @IsUUID('all', { message: 'studentId must be a student id' }) studentId: string;
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}
