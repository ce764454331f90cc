import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ClassesService } from '../classes/classes.service';
import { CHOICE_TYPES, checkAnswer, sameName, type QuestionType } from './answer-rules';
import type { CreateQuestionDto, UpdateQuestionDto } from './dto/question.dto';
import {
  RegistrationFormsRepository,
  type AnswerRow,
  type FormQuestion,
  type QuestionFields,
  type QuestionRow,
} from './registration-forms.repository';
import { waiverHtml } from './waiver-markdown';
import { WaiverSignLinksRepository } from './waiver-sign-links.repository';
import { WaiversRepository, type NewAcceptance } from './waivers.repository';
import { firstSessionDay, waiverSigner } from './waiver-signer';
import { SERVER_TIME_ZONE, isIanaTimeZone } from '../../common/time-zone';

/** A class's public form: its questions and the newest version of each waiver it signs. */
export interface PublicForm {
  questions: { id: string; label: string; hint: string | null; type: string; options: string[]; required: boolean; perAttendee: boolean }[];
  waivers: { id: string; title: string; versionId: string; version: number; body: string; bodyHtml: string; sha256: string }[];
}

/** An organization's active questions and waivers as the public pages show them, each with the classes it is for (null: all). */
interface OrganizationForms {
  questions: { classIds: string[] | null; item: PublicForm['questions'][number] }[];
  waivers: { classIds: string[] | null; item: PublicForm['waivers'][number] }[];
  /** Each class's form, picked once per copy. */
  byClass: Map<string, PublicForm>;
  expiresAt: number;
}

/** Whether a question or waiver (its `classIds`: null for every class) is on the form of `classId`. */
const forClass =
  (classId: string) =>
  (x: { classIds: string[] | null }): boolean =>
    !x.classIds || x.classIds.includes(classId);

/** A waiver as a registration signs it: its newest version. */
type StoredWaiver = Awaited<ReturnType<WaiversRepository['activeWithNewestVersion']>>[number];

/** A class's form as stored, for checking a registration. */
interface StoredForm {
  questions: FormQuestion[];
  waivers: StoredWaiver[];
}

/** An organization's active questions and waivers as read under one config_version, each class's picked once. */
interface StoredForms extends StoredForm {
  version: string;
  byClass: Map<string, StoredForm>;
}

/** The class's form from its organization's copy: the items for every class or this one, in the copy's order. */
function formFor(forms: OrganizationForms, classId: string): PublicForm {
  let form = forms.byClass.get(classId);
  if (!form) {
    const mine = forClass(classId);
    form = { questions: forms.questions.filter(mine).map((q) => q.item), waivers: forms.waivers.filter(mine).map((w) => w.item) };
    if (forms.byClass.size < 10_000) forms.byClass.set(classId, form);
  }
  return form;
}

export interface AnswerInput {
  questionId: string;
  value?: unknown;
}

export interface WaiverAcceptanceInput {
  waiverVersionId: string;
  signedName: string;
  attendee?: number;
}

/** What a registration sent for the form: the contact's answers and signatures, and each household attendee's. */
export interface FormSubmission {
  /** The contact; a one-person registration's date of birth is theirs (the person attending). */
  contact: { firstName: string; lastName: string; dateOfBirth?: string };
  answers?: AnswerInput[];
  waiverAcceptances?: WaiverAcceptanceInput[];
  /** Household registrations only: the people enrolled, in the order of the request. */
  attendees?: { firstName: string; lastName: string; dateOfBirth?: string; answers?: AnswerInput[] }[];
  /** The parent or guardian who signs for an attendee under 18, when the registration names one. */
  guardian?: { name: string };
  /**
   * The class's first session, and the organization's time zone when the caller read it: ages are counted on that
   * day where the organization is (the zone is read only when a date of birth and a waiver make it matter).
   */
  firstSession: { at: Date; timeZone?: string };
}

/** Where the registration came from: kept with each signature. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** A submission checked against the class's questions and waivers: what each seat stores (index = attendee). */
export interface PreparedForm {
  organizationId: string;
  client: ClientInfo;
  seats: {
    answers: { questionId: string; value: unknown }[];
    acceptances: Omit<NewAcceptance, 'enrollmentId' | 'studentId' | 'clientIp' | 'userAgent'>[];
  }[];
}

const toQuestionReply = (q: QuestionRow) => q;

/**
 * The organization's registration questions, and the check and storage of what a registration answers and signs.
 * The registration module calls `prepare` before it takes a seat (a refusal costs nothing) and `store` inside the
 * seat's transaction (the answers and signatures commit with the enrollment or not at all).
 */
@Injectable()
export class RegistrationFormsService {
  constructor(
    private readonly repo: RegistrationFormsRepository,
    private readonly waivers: WaiversRepository,
    private readonly classes: ClassesService,
    private readonly signLinks: WaiverSignLinksRepository,
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
    this.formChanged(organizationId);
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
    this.formChanged(organizationId);
    return this.getQuestion(organizationId, id);
  }

  async deleteQuestion(organizationId: string, id: string) {
    const done = await this.repo.deleteOrArchive(organizationId, id);
    if (!done) throw new NotFoundException(`Question ${id} not found`);
    this.formChanged(organizationId);
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

  /**
   * The public class pages' copy of an organization's forms, kept PUBLIC_FORM_TTL_MS. An opening brings thousands of
   * page loads across hundreds of classes: the organization's questions and waivers are read in two statements (and
   * the waivers' Markdown rendered) once per instance in that time, and each class's form is picked from the copy in
   * memory, instead of two reads per class whose copy has lapsed. Every question or waiver write in this process drops
   * the organization's copy at once; another instance's write shows within the TTL on a page read from the database,
   * and within twice the TTL on a page served from memory (`peekPublicForm`). A registration never uses this copy:
   * `prepare` checks the answers against the form as stored.
   */
  static readonly PUBLIC_FORM_TTL_MS = 2000;
  private readonly publicForms = new Map<string, OrganizationForms>();

  /** Bumped by every question or waiver write in this process: a form read begun before it is not kept. */
  private formWrites = 0;
  private readonly formRefreshes = new Set<string>();

  /** A question or waiver of the organization changed: its public forms are read again on their next load. */
  formChanged(organizationId: string): void {
    this.formWrites += 1;
    this.publicForms.delete(organizationId);
  }

  /**
   * The class's public form from memory (no read), for a page served from memory: from the organization's copy while
   * fresh; within one more TTL after that, from the copy while a read runs in the background (so an organization whose
   * pages are loaded every few seconds always has one). Undefined otherwise: the page is then built as usual. The same
   * class gets the same object from one copy (the page cache keys on it).
   */
  peekPublicForm(organizationId: string, classId: string): PublicForm | undefined {
    const hit = this.publicForms.get(organizationId);
    const now = Date.now();
    if (!hit || now >= hit.expiresAt + RegistrationFormsService.PUBLIC_FORM_TTL_MS) return undefined;
    if (now >= hit.expiresAt && !this.formRefreshes.has(organizationId)) {
      this.formRefreshes.add(organizationId);
      void this.readAndKeep(organizationId)
        .catch(() => undefined)
        .finally(() => this.formRefreshes.delete(organizationId));
    }
    return formFor(hit, classId);
  }

  /** The public form of a class: its questions and the newest version of each waiver to sign. */
  async publicForm(organizationId: string, classId: string): Promise<PublicForm> {
    const hit = this.publicForms.get(organizationId);
    return formFor(hit && hit.expiresAt > Date.now() ? hit : await this.readAndKeep(organizationId), classId);
  }

  private async readAndKeep(organizationId: string): Promise<OrganizationForms> {
    const writes = this.formWrites;
    const forms = await this.readOrganizationForms(organizationId);
    if (writes !== this.formWrites) return forms; // a write meanwhile: this read may predate it
    if (this.publicForms.size >= 5000) this.publicForms.clear();
    this.publicForms.set(organizationId, forms);
    return forms;
  }

  private async readOrganizationForms(organizationId: string): Promise<OrganizationForms> {
    const [questions, waivers] = await Promise.all([
      this.repo.activeQuestionsOfOrganization(organizationId),
      this.waivers.activeWithNewestVersion(organizationId),
    ]);
    return {
      questions: questions.map((q) => ({
        classIds: q.classIds,
        item: {
          id: q.id,
          label: q.label,
          hint: q.hint,
          type: q.type,
          options: q.options,
          required: q.required,
          perAttendee: q.perAttendee,
        },
      })),
      waivers: waivers.map((w) => ({
        classIds: w.classIds,
        item: {
          id: w.id,
          title: w.title,
          versionId: w.versionId,
          version: w.version,
          body: w.body,
          bodyHtml: waiverHtml(w.body),
          sha256: w.sha256,
        },
      })),
      byClass: new Map(),
      expiresAt: Date.now() + RegistrationFormsService.PUBLIC_FORM_TTL_MS,
    };
  }

  /**
   * The class's questions and waivers as stored, for checking a registration. With the organization's config_version
   * (read by this request from the organization's row), a copy read under that same number is used: every question or
   * waiver write bumps the number in its own transaction (a database trigger), so a copy with the number just read
   * is exactly what is stored, on every instance, and answers are never checked against a waiver version that is no
   * longer the newest. (A write that lands between this request's read of the number and its read of the form only
   * makes the copy newer than its number, never older: the next request reads the new number and reads again.) The
   * copy is the organization's whole form (its questions and waivers for every class, two statements), so an opening's
   * first registrations in hundreds of classes read it once per instance, not once per class.
   */
  private async storedForm(organizationId: string, classId: string, configVersion?: string): Promise<StoredForm> {
    const hit = configVersion ? this.storedForms.get(organizationId) : undefined;
    const forms = hit && hit.version === configVersion ? hit : await this.readStoredForms(organizationId, configVersion);
    let form = forms.byClass.get(classId);
    if (!form) {
      form = { questions: forms.questions.filter(forClass(classId)), waivers: forms.waivers.filter(forClass(classId)) };
      if (forms.byClass.size < 10_000) forms.byClass.set(classId, form);
    }
    return form;
  }

  /** The organization's questions and waivers as stored (two statements), kept under `configVersion` when given. */
  private async readStoredForms(organizationId: string, configVersion?: string): Promise<StoredForms> {
    const [questions, waivers] = await Promise.all([
      this.repo.activeQuestionsOfOrganization(organizationId),
      this.waivers.activeWithNewestVersion(organizationId),
    ]);
    const forms = { version: configVersion ?? '', questions, waivers, byClass: new Map<string, StoredForm>() };
    if (configVersion) {
      if (this.storedForms.size >= 5000) this.storedForms.clear();
      this.storedForms.set(organizationId, forms);
    }
    return forms;
  }
  /** Per organization: its forms as read under a config_version, with each class's picked once. */
  private readonly storedForms = new Map<string, StoredForms>();

  /**
   * Checks a registration's answers and signatures against the class's questions and waivers, before any seat is
   * taken. Every problem is reported at once, one readable message per field (`answers.<questionId>`,
   * `attendees.<i>.answers.<questionId>`, `waivers.<waiverId>`, `attendees.<i>.waivers.<waiverId>`).
   */
  async prepare(
    organizationId: string,
    classId: string,
    s: FormSubmission,
    client: ClientInfo,
    /** The organization's config_version as this request read it (its row): the form copy read under it is used. */
    configVersion?: string,
  ): Promise<PreparedForm> {
    const { questions, waivers } = await this.storedForm(organizationId, classId, configVersion);
    const errors: Record<string, string> = {};
    const household = s.attendees && s.attendees.length > 0;
    const people = household ? s.attendees!.length : 1;
    const seats: PreparedForm['seats'] = Array.from({ length: people }, () => ({ answers: [], acceptances: [] }));
    const byId = new Map(questions.map((q) => [q.id, q]));

    const check = (list: AnswerInput[] | undefined, asked: FormQuestion[], prefix: string): { questionId: string; value: unknown }[] => {
      const given = new Map<string, unknown>();
      for (const a of list ?? []) {
        const q = byId.get(a.questionId);
        if (!q || !asked.includes(q)) {
          errors[`${prefix}.${a.questionId}`] =
            q && household
              ? q.perAttendee
                ? `${q.label} is asked for each person: answer it under their name`
                : `${q.label} is asked once for the registration, not for each person`
              : 'This question is not part of this class’s registration form (reload the page)';
          continue;
        }
        if (given.has(a.questionId)) {
          errors[`${prefix}.${a.questionId}`] = `${q.label} is answered twice`;
          continue;
        }
        given.set(a.questionId, a.value);
      }
      const out: { questionId: string; value: unknown }[] = [];
      for (const q of asked) {
        const r = checkAnswer(q, given.get(q.id));
        if (r.error) errors[`${prefix}.${q.id}`] ??= r.error;
        else if (r.value !== undefined) out.push({ questionId: q.id, value: r.value });
      }
      return out;
    };

    if (!household) {
      seats[0].answers = check(s.answers, questions, 'answers');
    } else {
      const shared = check(
        s.answers,
        questions.filter((q) => !q.perAttendee),
        'answers',
      );
      s.attendees!.forEach((a, i) => {
        const own = check(
          a.answers,
          questions.filter((q) => q.perAttendee),
          `attendees.${i}.answers`,
        );
        seats[i].answers = [...shared, ...own];
      });
    }

    // Ages are counted on the class's first day where the organization is; the zone is needed only to sign a waiver
    // for someone whose date of birth was given.
    const dated = s.contact.dateOfBirth || s.attendees?.some((a) => a.dateOfBirth);
    const zone = waivers.length && dated ? (s.firstSession.timeZone ?? (await this.repo.timeZoneOf(organizationId))) : null;
    const day = firstSessionDay(s.firstSession.at, isIanaTimeZone(zone) ? zone : SERVER_TIME_ZONE);
    this.checkWaivers(s, waivers, seats, errors, day);

    const fields = Object.keys(errors);
    if (fields.length) throw new BadRequestException({ message: errors[fields[0]], errors });
    return { organizationId, client, seats };
  }

  /**
   * Every waiver of the class signed on its newest version, by the contact's typed name. In a household an
   * acceptance without `attendee` is the contact signing for everyone (as guardian for a child under 18); one naming
   * an attendee may carry that adult attendee's own name. Who may sign for whom is `waiverSigner`'s one rule: a
   * person under 18 on `day` (the class's first day) never signs, an adult contact or the named guardian does.
   */
  private checkWaivers(
    s: FormSubmission,
    waivers: StoredWaiver[],
    seats: PreparedForm['seats'],
    errors: Record<string, string>,
    day: string,
  ): void {
    const household = s.attendees && s.attendees.length > 0;
    const contactName = `${s.contact.firstName} ${s.contact.lastName}`;
    // A household's contact attending with them has their date of birth on their own line.
    const contactLine = household ? s.attendees!.find((a) => sameName(`${a.firstName} ${a.lastName}`, contactName)) : undefined;
    const contact = {
      name: contactName,
      dateOfBirth: household ? (contactLine?.dateOfBirth ?? s.contact.dateOfBirth) : s.contact.dateOfBirth,
    };
    const byVersion = new Map(waivers.map((w) => [w.versionId, w]));
    const signed = new Map<string, WaiverAcceptanceInput>(); // `${waiverId}:${attendee ?? '*'}`
    for (const a of s.waiverAcceptances ?? []) {
      const w = byVersion.get(a.waiverVersionId);
      if (!w) {
        errors[`waivers.${a.waiverVersionId}`] =
          'This waiver is not the current version for this class (it was updated or removed): reload the page and read it again';
        continue;
      }
      if (a.attendee !== undefined && (!household || a.attendee >= s.attendees!.length)) {
        errors[`waivers.${w.id}`] = 'attendee must be the index of a person in attendees';
        continue;
      }
      signed.set(`${w.id}:${a.attendee ?? '*'}`, a);
    }
    for (const w of waivers) {
      for (let i = 0; i < seats.length; i++) {
        const person: { firstName: string; lastName: string; dateOfBirth?: string } = household ? s.attendees![i] : s.contact;
        const own = household ? signed.get(`${w.id}:${i}`) : undefined;
        const a = own ?? signed.get(`${w.id}:*`);
        const field = own ? `attendees.${i}.waivers.${w.id}` : `waivers.${w.id}`;
        if (!a) {
          errors[field] ??= `Please read and accept “${w.title}”`;
          continue;
        }
        const personName = `${person.firstName} ${person.lastName}`;
        const signer = waiverSigner({
          person: { name: personName, dateOfBirth: person.dateOfBirth },
          contact,
          personIsContact: !household || sameName(personName, contactName),
          own: !!own,
          guardian: s.guardian,
          signedName: a.signedName,
          day,
          waiverTitle: w.title,
        });
        if ('error' in signer) {
          errors[signer.field === 'guardian' ? 'guardian.name' : field] ??= signer.error;
          continue;
        }
        seats[i].acceptances.push({
          waiverId: w.id,
          waiverVersionId: w.versionId,
          version: w.version,
          sha256: w.sha256,
          signedName: a.signedName,
          signedAs: signer.signedAs,
        });
      }
    }
  }

  /**
   * The prepared answers and signatures on the enrollments just written, in the seat's transaction. `seats[i]` is
   * attendee i's enrollment (a single registration: one).
   */
  async store(
    m: EntityManager,
    form: PreparedForm,
    seats: { enrollmentId: string; studentId: string }[],
    /** The enrollments were created in the caller's transaction (nothing stored to replace: no delete is sent). */
    opts: { fresh?: boolean } = {},
  ): Promise<void> {
    for (const [i, seat] of seats.entries()) {
      const p = form.seats[i];
      if (!p) continue;
      await this.repo.replaceAnswers(m, form.organizationId, seat.enrollmentId, seat.studentId, p.answers, opts.fresh);
      await this.waivers.insertAcceptances(
        m,
        form.organizationId,
        p.acceptances.map((a) => ({ ...a, ...seat, clientIp: form.client.ip, userAgent: form.client.userAgent })),
      );
    }
  }

  /** Answers of these enrollments by enrollment (the roster, the teacher's roll: `teacherOnly`). */
  async answersByEnrollment(organizationId: string, enrollmentIds: string[], teacherOnly = false) {
    const rows = await this.repo.answersOfEnrollments(organizationId, enrollmentIds, teacherOnly);
    const out = new Map<string, ReturnType<typeof answerReply>[]>();
    for (const r of rows) out.set(r.enrollmentId, [...(out.get(r.enrollmentId) ?? []), answerReply(r)]);
    return out;
  }

  /** The student's own data export: every answer and signature. */
  async ofStudent(organizationId: string, studentId: string) {
    const [answers, waivers] = await Promise.all([
      this.repo.answersOfStudent(organizationId, studentId),
      this.waivers.acceptancesOfStudent(organizationId, studentId),
    ]);
    return { answers: answers.map((a) => ({ enrollmentId: a.enrollmentId, ...answerReply(a) })), waiverAcceptances: waivers };
  }

  /** Erasure: the answers go; signatures keep what was signed and when, without the person (see WaiversRepository). */
  async eraseStudent(m: EntityManager, organizationId: string, studentId: string): Promise<void> {
    await this.repo.eraseStudent(m, organizationId, studentId);
    await this.waivers.eraseStudent(m, organizationId, studentId);
    await this.signLinks.eraseStudent(m, organizationId, studentId);
  }

  /** Every answer of the organization (the export ZIP). */
  async answersOfOrganization(organizationId: string) {
    return (await this.repo.answersOfOrganization(organizationId)).map((a) => ({
      enrollmentId: a.enrollmentId,
      studentId: a.studentId,
      ...answerReply(a),
    }));
  }
}

export function answerReply(r: AnswerRow): {
  questionId: string;
  label: string;
  type: QuestionType;
  showToTeacher: boolean;
  value: unknown;
} {
  return { questionId: r.questionId, label: r.label, type: r.type, showToTeacher: r.showToTeacher, value: r.value };
}

/** The client address and browser of a request, kept with each waiver signature. */
export function clientInfo(req: { ip?: string; headers: Record<string, string | string[] | undefined> }): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: (Array.isArray(ua) ? ua[0] : ua)?.slice(0, 500) ?? null };
}
