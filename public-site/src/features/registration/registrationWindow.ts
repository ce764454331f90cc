import { ApiError } from '@/lib/apiClient';
import { TermsError } from '@shared/api/error-codes';

/**
 * The server's refusal of a registration, card hold or waitlist join outside the class's registration window:
 * 409 REGISTRATION_NOT_OPEN with opensAt, or 409 REGISTRATION_CLOSED with closedAt. (The plan's student limit answers
 * 403 with the same REGISTRATION_CLOSED code; that is the other notice, so only a 409 is read here.)
 */
export type WindowRefusal =
  { code: typeof TermsError.RegistrationNotOpen; opensAt: string } | { code: typeof TermsError.RegistrationClosed; closedAt: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isInstant = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(new Date(v).getTime());

/** The refusal carried by a failed request, or null when it is something else. */
export function windowRefusal(error: unknown): WindowRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.data)) return null;
  // The failure envelope carries the fields at its top level; read `data` too, as the check's reader does.
  const inner = isRecord(error.data.data) ? error.data.data : {};
  const pick = (k: string) => (error.data as Record<string, unknown>)[k] ?? inner[k];
  const code = pick('code');
  if (code === TermsError.RegistrationNotOpen && isInstant(pick('opensAt'))) return { code, opensAt: pick('opensAt') as string };
  if (code === TermsError.RegistrationClosed && isInstant(pick('closedAt'))) return { code, closedAt: pick('closedAt') as string };
  return null;
}
