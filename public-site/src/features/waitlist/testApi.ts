import { vi } from 'vitest';

/** A stubbed fetch for the page tests: routes by method and path prefix, records every call. */
export const reply = (status: number, data: unknown, error: string | null = null) =>
  new Response(JSON.stringify({ success: status < 400, data, error }), { status, headers: { 'Content-Type': 'application/json' } });

export type Routes = Record<string, (body: unknown) => Response>;
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export function stubApi(routes: Routes): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const key = Object.keys(routes)
        .filter((k) => {
          const [m, p] = k.split(' ');
          return m === method && path.startsWith(p);
        })
        .sort((a, b) => b.length - a.length)[0];
      return key ? routes[key](body) : reply(404, null, 'Not found');
    }),
  );
  return calls;
}
