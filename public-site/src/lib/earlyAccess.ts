/**
 * The early-access link of a term (from the email sent to people who took a class in an earlier term). Opening the
 * link changes nothing on the server: the page keeps the token for this browser session and sends it with a
 * registration from the same email, and the server checks it.
 */
const KEY = 'classlane:early-access';

export interface EarlyAccess {
  token: string;
  email: string;
}

const TOKEN = /^[0-9a-f]{32}\.[A-Za-z0-9_-]{22}$/;

/** Keeps the link's token and email when the address has them (?earlyAccess=&email=). */
export function keepEarlyAccessFrom(search: string): void {
  const params = new URLSearchParams(search);
  const token = params.get('earlyAccess');
  const email = params.get('email');
  if (!token || !email || !TOKEN.test(token)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ token, email: email.trim().toLowerCase() }));
  } catch {
    /* storage off: the link then only works on this page load */
  }
}

export function earlyAccess(): EarlyAccess | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as EarlyAccess) : null;
    return v && typeof v.token === 'string' && typeof v.email === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** The token for a term (the token starts with the term's id), or null. */
export function earlyAccessForTerm(termId: string | null | undefined): EarlyAccess | null {
  const e = earlyAccess();
  return e && termId && e.token.startsWith(termId.replace(/-/g, '').toLowerCase()) ? e : null;
}

/** The field a registration sends when it comes from the link's own email. */
export function earlyAccessField(email: string | null | undefined): { earlyAccessToken?: string } {
  const e = earlyAccess();
  return e && email && e.email === email.trim().toLowerCase() ? { earlyAccessToken: e.token } : {};
}
