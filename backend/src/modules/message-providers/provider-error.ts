/**
 * How a provider call ended when it did not succeed (INTEGRATIONS.md "SendGrid and Twilio calls"):
 * - `retry`: 429 or 5xx, or the request never left this machine (connection refused): try again later.
 * - `permanent`: any other 4xx: fail with the provider's message.
 * - `ambiguous`: a timeout or a connection cut after the request was sent: the provider may have sent it, so it
 *   is never sent again blindly ('outcome unknown').
 */
export type ProviderFailureKind = 'retry' | 'permanent' | 'ambiguous';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    /** The provider's own error code when it gave one (Twilio 21610, …). */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** Errors raised before any byte reached the provider: safe to retry. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Classifies a network-level failure (no HTTP status). */
export function networkFailure(e: unknown): ProviderError {
  const err = e as { code?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  if (NOT_SENT.has(code)) return new ProviderError('retry', `Provider unreachable (${code})`);
  return new ProviderError('ambiguous', `outcome unknown: ${err.message ?? code ?? 'no answer'}`.slice(0, 500));
}

/** Classifies an HTTP answer of the provider. */
export function httpFailure(status: number, message: string, code: string | null = null): ProviderError {
  if (status === 429 || status >= 500) return new ProviderError('retry', `${status}: ${message}`, code);
  return new ProviderError('permanent', message, code);
}
