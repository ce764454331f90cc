import { API_URL, httpClient } from '@/providers/httpClient';
import type { PaymentDispute } from '@/providers/types';

/** The disputes of an enrollment's payments (the payer's bank took a payment back), newest first. */
export async function enrollmentDisputes(enrollmentId: string): Promise<PaymentDispute[]> {
  return (await httpClient<PaymentDispute[]>(`${API_URL}/enrollments/${encodeURIComponent(enrollmentId)}/disputes`)).json;
}
