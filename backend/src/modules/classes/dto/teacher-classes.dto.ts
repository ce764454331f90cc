import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

const TEACHER_SCOPES = ['today', 'upcoming', 'all'] as const;
export type TeacherScope = (typeof TEACHER_SCOPES)[number];

export class TeacherClassesQuery {
  @IsOptional() @IsIn(TEACHER_SCOPES, { message: 'scope must be today, upcoming or all' }) scope?: TeacherScope;
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(500, { message: 'limit must be at most 500' })
  limit?: number;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}

export class TeacherOverviewQuery {
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}
