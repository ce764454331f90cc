import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Role } from '../../common/auth/roles';
import { AuthService } from '../auth/auth.service';
import type { CreateInstructorDto } from './dto/instructor.dto';
import { InstructorNameHooks } from './instructor-name.hooks';
import { InstructorError, InstructorException } from './instructors.exception';
import { InstructorsRepository, type InstructorFields, type InstructorRow } from './instructors.repository';
import { readPayRule, storePayRule } from './pay-rule';

const pgError = (e: unknown) => e as { code?: string; constraint?: string } | null;

/** A unique index said no: the name, or the teacher already linked to another record. */
function taken(e: unknown): never {
  const err = pgError(e);
  if (err?.code !== '23505') throw e;
  if (err.constraint === 'instructors_user_key')
    throw new InstructorException(InstructorError.TeacherAlreadyLinked, 'This teacher is already linked to another instructor', 'userId');
  throw new InstructorException(InstructorError.InstructorNameTaken, 'An instructor with this name already exists', 'name');
}

const view = (r: InstructorRow) => ({ ...r, payRule: readPayRule(r.payRule) });

/** An organization's instructors (admin), and the check a class form's instructor goes through. */
@Injectable()
export class InstructorsService {
  constructor(
    private readonly repo: InstructorsRepository,
    private readonly auth: AuthService,
    private readonly names: InstructorNameHooks,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async list(organizationId: string) {
    return (await this.repo.list(organizationId)).map(view);
  }

  async one(organizationId: string, id: string) {
    const row = await this.repo.find(organizationId, id);
    if (!row) throw new NotFoundException('Instructor not found');
    return view(row);
  }

  async create(organizationId: string, dto: CreateInstructorDto) {
    const id = await this.repo.insert(organizationId, await this.fields(organizationId, dto)).catch(taken);
    return this.one(organizationId, id);
  }

  /** A new name is what the instructor's classes say from now on (InstructorNameHooks, same transaction). */
  async update(organizationId: string, id: string, dto: CreateInstructorDto) {
    const f = await this.fields(organizationId, dto);
    await this.db
      .transaction(async (manager) => {
        const before = await this.repo.find(organizationId, id, manager);
        if (!before || !(await this.repo.update(manager, organizationId, id, f))) throw new NotFoundException('Instructor not found');
        if (before.name !== f.name) await this.names.run(manager, organizationId, id, f.name);
      })
      .catch(taken);
    return this.one(organizationId, id);
  }

  async remove(organizationId: string, id: string) {
    const deleted = await this.repo.delete(organizationId, id).catch((e) => {
      if (pgError(e)?.code !== '23503') throw e;
      throw new InstructorException(InstructorError.InstructorInUse, 'Classes are taught by this instructor: give them another one first');
    });
    if (!deleted) throw new NotFoundException('Instructor not found');
    return { id };
  }

  /** The instructor a class form names; another organization's id is refused as unknown (400 naming the field). */
  async resolve(organizationId: string, id: string): Promise<{ id: string; name: string }> {
    const row = await this.repo.find(organizationId, id);
    if (!row)
      throw new InstructorException(
        InstructorError.UnknownInstructor,
        'This instructor does not exist in your organization',
        'instructorId',
      );
    return { id: row.id, name: row.name };
  }

  /** The linked user must be a teacher of this organization (another's, or an admin, is refused). */
  private async fields(organizationId: string, dto: CreateInstructorDto): Promise<InstructorFields> {
    const userId = dto.userId ?? null;
    if (userId) {
      const user = await this.auth.getUser(userId, organizationId).catch(() => null);
      if (!user || user.role !== Role.Teacher)
        throw new InstructorException(InstructorError.UnknownTeacher, 'This user is not a teacher of your organization', 'userId');
    }
    return {
      name: dto.name,
      email: dto.email ?? null,
      phone: dto.phone ?? null,
      bio: dto.bio ?? '',
      userId,
      payRule: dto.payRule ? storePayRule(dto.payRule) : null,
    };
  }
}
