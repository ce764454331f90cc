import { BadRequestException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ConfigCopies, organizationIdOf, type OrganizationRef } from '../../common/cache/config-copies';
import { checkAnswer, sameName, type QuestionType } from './answer-rules';
import { forClass } from './public-forms.service';
import { RegistrationFormsRepository, type AnswerRow, type FormQuestion } from './registration-forms.repository';
import { WaiverSignLinksRepository } from './waiver-sign-links.repository';
import { WaiversRepository, type NewAcceptance } from './waivers.repository';
import { firstSessionDay, waiverSigner } from './waiver-signer';
import { SERVER_TIME_ZONE, isIanaTimeZone } from '../../common/time-zone';

/** A waiver as a registration signs it: its newest version. */
type StoredWaiver = Awaited<ReturnType<WaiversRepository['activeWithNewestVersion']>>[number];

/** A class's form as stored, for checking a registration. */
interface StoredForm {
  questions: FormQuestion[];
  waivers: StoredWaiver[];
}

/** An organization's active questions and waivers as read under one config_version, each class's picked once. */
interface StoredForms extends StoredForm {
  byClass: Map<string, StoredForm>;
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

/**
 * The check and storage of what a registration answers and signs (the questions' admin side is RegistrationQuestions,
 * the public pages' copy PublicForms).
 * The registration module calls `prepare` before it takes a seat (a refusal costs nothing) and `store` inside the
 * seat's transaction (the answers and signatures commit with the enrollment or not at all).
 */
@Injectable()
export class RegistrationFormsService {
  constructor(
    private readonly repo: RegistrationFormsRepository,
    private readonly waivers: WaiversRepository,
    private readonly signLinks: WaiverSignLinksRepository,
  ) {}

  /**
   * The class's questions and waivers as stored, for checking a registration. Given the organization's row as this
   * request read it, from a copy kept under its config_version (ConfigCopies): every question or waiver write bumps
   * the number in its own transaction (a database trigger), so answers are never checked against a waiver version
   * that is no longer the newest. The copy is the organization's whole form (its questions and waivers for every
   * class, two statements), so an opening's first registrations in hundreds of classes read it once per instance, not
   * once per class.
   */
  private async storedForm(org: OrganizationRef, classId: string): Promise<StoredForm> {
    const forms = await this.storedForms.get(org, '', () => this.readStoredForms(organizationIdOf(org)));
    let form = forms.byClass.get(classId);
    if (!form) {
      form = { questions: forms.questions.filter(forClass(classId)), waivers: forms.waivers.filter(forClass(classId)) };
      if (forms.byClass.size < 10_000) forms.byClass.set(classId, form);
    }
    return form;
  }

  /** The organization's questions and waivers as stored (two statements). */
  private async readStoredForms(organizationId: string): Promise<StoredForms> {
    const [questions, waivers] = await Promise.all([
      this.repo.activeQuestionsOfOrganization(organizationId),
      this.waivers.activeWithNewestVersion(organizationId),
    ]);
    return { questions, waivers, byClass: new Map<string, StoredForm>() };
  }
  /** Per organization: its forms as read under a config_version, with each class's picked once. */
  private readonly storedForms = new ConfigCopies<StoredForms>(5000);

  /**
   * Checks a registration's answers and signatures against the class's questions and waivers, before any seat is
   * taken. Every problem is reported at once, one readable message per field (`answers.<questionId>`,
   * `attendees.<i>.answers.<questionId>`, `waivers.<waiverId>`, `attendees.<i>.waivers.<waiverId>`).
   */
  async prepare(org: OrganizationRef, classId: string, s: FormSubmission, client: ClientInfo): Promise<PreparedForm> {
    const organizationId = organizationIdOf(org);
    const { questions, waivers } = await this.storedForm(org, classId);
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
