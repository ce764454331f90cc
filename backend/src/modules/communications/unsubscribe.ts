import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe links (RFC 8058): signed, no sign-in. The token names the organization and the student and
 * carries an HMAC of both with the server secret, so it cannot be forged or pointed at someone else.
 */
const sign = (secret: string, payload: string) => createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');

export function unsubscribeToken(secret: string, organizationId: string, studentId: string): string {
  const payload = Buffer.from(`${organizationId}.${studentId}`).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: unknown): { organizationId: string; studentId: string } | null {
  if (typeof token !== 'string' || token.length > 300) return null;
  const [payload, sig] = token.split('.');
  if (!payload || !sig) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [organizationId, studentId] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  return organizationId && studentId ? { organizationId, studentId } : null;
}

export const unsubscribeUrl = (publicUrl: string, secret: string, organizationId: string, studentId: string) =>
  `${publicUrl}/api/communications/unsubscribe?token=${unsubscribeToken(secret, organizationId, studentId)}`;

export function unsubscribeHeaders(publicUrl: string, secret: string, organizationId: string, studentId: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicUrl, secret, organizationId, studentId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
