// The organization's registration questions as the admin edits them (the checks on a question and the classes it names).
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ClassesService } from '../classes/classes.service';
import { CHOICE_TYPES } from './answer-rules';
import type { CreateQuestionDto, UpdateQuestionDto } from './dto/question.dto';
import { PublicForms } from './public-forms.service';
import { RegistrationFormsRepository, type QuestionFields, type QuestionRow } from './registration-forms.repository';

const toQuestionReply = (q: QuestionRow) => q;

/** The registration questions' admin side: every write drops the organization's public form copy. */
@Injectable()
export class RegistrationQuestions {
  constructor(
    private readonly repo: RegistrationFormsRepository,
    private readonly classes: ClassesService,
    private readonly publicForms: PublicForms,
  ) {}

  async listQuestions(organizationId: string) {
    return (await this.repo.listQuestions(organizationId)).map(toQuestionReply);
  }

  async getQuestion(organizationId: string, id: string) {
    const q = await this.repo.findQuestion(organizationId, id);
    if (!q) throw new NotFoundException(`Question ${id} not found`);
    return toQuestionReply(q);
  }

  async createQuestion(organizationId: string, dto: CreateQuestionDto) {
    const fields: QuestionFields = {
      label: dto.label,
      hint: dto.hint || null,
      type: dto.type,
      options: dto.options ?? [],
      required: dto.required ?? false,
      classIds: dto.classIds?.length ? [...new Set(dto.classIds)] : null,
      perAttendee: dto.perAttendee ?? false,
      showToTeacher: dto.showToTeacher ?? false,
      position: dto.position ?? (await this.repo.listQuestions(organizationId)).length,
      active: dto.active ?? true,
    };
    await this.checkQuestion(organizationId, fields);
    const id = await this.repo.insertQuestion(organizationId, fields);
    this.publicForms.formChanged(organizationId);
    return this.getQuestion(organizationId, id);
  }

  async updateQuestion(organizationId: string, id: string, dto: UpdateQuestionDto) {
    const q = await this.getQuestion(organizationId, id);
    const fields: QuestionFields = {
      label: dto.label ?? q.label,
      hint: dto.hint === undefined ? q.hint : dto.hint || null,
      type: dto.type ?? q.type,
      options: dto.options ?? q.options,
      required: dto.required ?? q.required,
      classIds: dto.classIds === undefined ? q.classIds : dto.classIds?.length ? [...new Set(dto.classIds)] : null,
      perAttendee: dto.perAttendee ?? q.perAttendee,
      showToTeacher: dto.showToTeacher ?? q.showToTeacher,
      position: dto.position ?? q.position,
      active: dto.active ?? q.active,
    };
    // Answers given under one type would no longer read under another (a list of options is not a date).
    if (fields.type !== q.type && q.answerCount > 0)
      throw new ConflictException(
        'This question has answers, so its type cannot change. Delete it (its answers are kept) and add a new one.',
      );
    if (dto.type && !CHOICE_TYPES.includes(dto.type) && dto.options === undefined) fields.options = [];
    await this.checkQuestion(organizationId, fields);
    await this.repo.updateQuestion(organizationId, id, fields);
    this.publicForms.formChanged(organizationId);
    return this.getQuestion(organizationId, id);
  }

  async deleteQuestion(organizationId: string, id: string) {
    const done = await this.repo.deleteOrArchive(organizationId, id);
    if (!done) throw new NotFoundException(`Question ${id} not found`);
    this.publicForms.formChanged(organizationId);
    return { id, archived: done.archived };
  }

  private async checkQuestion(organizationId: string, f: QuestionFields): Promise<void> {
    const choice = CHOICE_TYPES.includes(f.type);
    if (choice && f.options.length < 2)
      throw new BadRequestException({
        message: 'A choice question needs at least two options',
        errors: { options: 'A choice question needs at least two options' },
      });
    if (!choice && f.options.length)
      throw new BadRequestException({
        message: 'Only choice questions have options',
        errors: { options: 'Only choice questions have options' },
      });
    await this.checkClassIds(organizationId, f.classIds);
  }

  /** Every class named is one of the organization's (another organization's id reads as unknown). */
  async checkClassIds(organizationId: string, classIds: string[] | null): Promise<void> {
    for (const id of classIds ?? []) {
      await this.classes.require(id, organizationId).catch((e: unknown) => {
        if (e instanceof NotFoundException)
          throw new BadRequestException({ message: `Class ${id} not found`, errors: { classIds: `Class ${id} not found` } });
        throw e;
      });
    }
  }
}
