import { API_URL, httpClient } from '@/providers/httpClient';
import { getToken } from '@/providers/session';

/** The registration form's question and waiver endpoints, for the two Settings tabs. */
export type QuestionType = 'short_text' | 'long_text' | 'single_choice' | 'multi_choice' | 'checkbox' | 'date' | 'number' | 'phone';

export interface Question {
  id: string;
  label: string;
  hint: string | null;
  type: QuestionType;
  options: string[];
  required: boolean;
  classIds: string[] | null;
  perAttendee: boolean;
  showToTeacher: boolean;
  position: number;
  active: boolean;
  answerCount: number;
}

export interface WaiverVersion {
  id: string;
  version: number;
  body: string;
  /** The text rendered from Markdown by the server (safe HTML). */
  bodyHtml: string;
  sha256: string;
  createdAt: string;
  signatures: number;
}

export interface Waiver {
  id: string;
  title: string;
  classIds: string[] | null;
  active: boolean;
  currentVersion: WaiverVersion | null;
  versions: WaiverVersion[];
}

export interface Signature {
  id: string;
  enrollmentId: string;
  studentId: string;
  signedName: string;
  signedAs: string;
  version: number;
  current: boolean;
  acceptedAt: string;
}

export const TYPE_LABELS: Record<QuestionType, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'One choice',
  multi_choice: 'Several choices',
  checkbox: 'Checkbox',
  date: 'Date',
  number: 'Number',
  phone: 'Phone',
};

const call = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (
    await httpClient<T>(`${API_URL}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: new Headers({ 'Content-Type': 'application/json' }) }),
    })
  ).json;

export const formsApi = {
  questions: () => call<Question[]>('/registration-questions'),
  addQuestion: (q: Partial<Question>) => call<Question>('/registration-questions', 'POST', q),
  updateQuestion: (id: string, q: Partial<Question>) => call<Question>(`/registration-questions/${id}`, 'PUT', q),
  deleteQuestion: (id: string) => call<{ archived: boolean }>(`/registration-questions/${id}`, 'DELETE'),
  classes: () => call<{ id: string; title: string }[]>('/classes?range=[0,999]&sort=["title","ASC"]'),
  waivers: () => call<Waiver[]>('/waivers'),
  addWaiver: (w: { title: string; body: string; classIds: string[] | null }) => call<Waiver>('/waivers', 'POST', w),
  updateWaiver: (id: string, w: Partial<Waiver>) => call<Waiver>(`/waivers/${id}`, 'PUT', w),
  preview: (body: string) => call<{ html: string }>('/waivers/preview', 'POST', { body }),
  addVersion: (id: string, body: string) => call<Waiver>(`/waivers/${id}/versions`, 'POST', { body }),
  signatures: (id: string) => call<Signature[]>(`/waivers/${id}/acceptances`),
  /** Emails the person (or their household contact) a new link to sign the newest version. */
  sendSignLink: (id: string, studentId: string) =>
    call<{ sentTo: { firstName: string; lastName: string; email: string } }>(`/waivers/${id}/sign-links`, 'POST', { studentId }),
  /** The signed waiver's PDF, fetched with the session's token. */
  pdf: async (acceptanceId: string) => {
    const token = getToken();
    const res = await fetch(`${API_URL}/waiver-acceptances/${acceptanceId}/pdf`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) throw new Error(`Download failed (${res.status})`);
    return { blob: await res.blob(), name: `waiver-${acceptanceId}.pdf` };
  },
};
