import type { components } from '@shared/api/schema';
import { API_URL, httpClient } from '@/providers/httpClient';

/** Issue 41 §4: a student's credits on the one ledger, as the admin's routes answer them (uses, or dollars). */
type Schemas = components['schemas'];
export type StudentCredits = Schemas['StudentCreditsResponseDto'];
export type Credit = Schemas['CreditResponseDto'];
export type CreditMovement = Schemas['CreditMovementResponseDto'];
export type GrantCreditInput = Schemas['GrantCreditDto'];
export type CreditValidityInput = Schemas['CreditValidityDto'];
export type TransferCreditInput = Schemas['TransferCreditDto'];
export type CreditTransfer = Schemas['CreditTransferResponseDto'];

const enc = encodeURIComponent;
const call = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (await httpClient<T>(`${API_URL}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json;

export const creditsApi = {
  ofStudent: (studentId: string) => call<StudentCredits>(`/students/${enc(studentId)}/credits`),
  grant: (studentId: string, input: GrantCreditInput) => call<Credit>(`/students/${enc(studentId)}/credits`, 'POST', input),
  changeValidity: (id: string, input: CreditValidityInput) => call<Credit>(`/credits/${enc(id)}/validity`, 'PUT', input),
  revoke: (id: string, reason: string) => call<Credit>(`/credits/${enc(id)}/revoke`, 'POST', { reason }),
  transfer: (id: string, input: TransferCreditInput) => call<CreditTransfer>(`/credits/${enc(id)}/transfer`, 'POST', input),
};
