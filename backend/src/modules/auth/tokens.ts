import { createSecretKey, type KeyObject } from 'node:crypto';

/** Token audiences: organization users and platform staff never share a token (spec README decision 5). */
export const ORG_AUDIENCE = 'classlane:org';
export const STAFF_AUDIENCE = 'classlane:staff';
/** Students in their portal (decision 18): a token that opens only /api/portal/*, and nothing else opens those. */
export const PORTAL_AUDIENCE = 'classlane:portal';
export const TOKEN_ISSUER = 'classlane';
export const TOKEN_ALGORITHM = 'HS256' as const;

export interface TokenPayload {
  sub: string;
  jti: string;
  exp: number;
  iat?: number;
  aud: string;
}

/**
 * The HMAC key as a KeyObject, made once. Given a string, jsonwebtoken first tries
 * crypto.createPublicKey on it on every verify (≈11% of an authenticated request's CPU,
 * docs/benchmarks/request-path.md).
 */
export function verificationKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}
