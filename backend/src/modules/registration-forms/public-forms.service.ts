// The public class pages' in-memory copy of each organization's questions and waivers (an opening's hot path).
import { Injectable } from '@nestjs/common';
import { RegistrationFormsRepository } from './registration-forms.repository';
import { waiverHtml } from './waiver-markdown';
import { WaiversRepository } from './waivers.repository';

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
export const forClass =
  (classId: string) =>
  (x: { classIds: string[] | null }): boolean =>
    !x.classIds || x.classIds.includes(classId);

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

@Injectable()
export class PublicForms {
  constructor(
    private readonly repo: RegistrationFormsRepository,
    private readonly waivers: WaiversRepository,
  ) {}

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
    if (!hit || now >= hit.expiresAt + PublicForms.PUBLIC_FORM_TTL_MS) return undefined;
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
      expiresAt: Date.now() + PublicForms.PUBLIC_FORM_TTL_MS,
    };
  }
}
