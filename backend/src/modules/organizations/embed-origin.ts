import { registerDecorator, type ValidationOptions } from 'class-validator';
import { embedAllowsLocalHttp } from '../../config/integrations.config';

/** How many sites one organization may declare for its widget (each one lengthens every embedded page's header). */
export const MAX_EMBED_DOMAINS = 20;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

export const EMBED_DOMAIN_MESSAGE =
  'embedDomains must be a list of HTTPS origins such as https://www.example.com (scheme and host, no path)';

/**
 * The origin a site's address stands for (`https://www.example.com`), or null when it is not one: an https origin
 * with no path, query, fragment or credentials. http is accepted only for localhost and 127.0.0.1, and only where
 * local development or tests allow it (a production server would let any page on a plain-http site frame it).
 */
export function embedOrigin(value: unknown, allowLocalHttp = embedAllowsLocalHttp()): string | null {
  if (typeof value !== 'string' || value.length > 300) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const local = url.protocol === 'http:' && allowLocalHttp && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local) return null;
  // A plain host name or IP address: no wildcard or other character a CSP source list would read differently.
  if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname)) return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  // A bare '?' or '#' leaves search and hash empty: refuse what does not read back as the origin itself.
  const typed = value.trim().replace(/\/$/, '').toLowerCase();
  if (typed !== url.origin.toLowerCase()) return null;
  return url.origin;
}

/** Normalizes a list of origins (trailing slash dropped, host lower-cased) so what is stored is what CSP sends. */
export const normalizeEmbedDomains = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => embedOrigin(v) ?? v) : value;

/** Each element is an origin the widget may be framed by (see embedOrigin). */
export function IsEmbedOrigins(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isEmbedOrigins',
      target: object.constructor,
      propertyName,
      options: { message: EMBED_DOMAIN_MESSAGE, ...options },
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.every((v) => embedOrigin(v) !== null),
      },
    });
}
