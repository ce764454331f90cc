import { QueryClient } from '@tanstack/react-query';

/**
 * The query cache of one react-admin instance (each `<CoreAdmin>` makes its own, so signing out and in as someone
 * else never shows the previous organization's data).
 * - No automatic retries: the HTTP client already waits 10-15 s before it gives up, and the screens show the
 *   server's message at once (a retry would hide a refusal for seconds).
 * - No refetch on window focus: a form being filled in must not have its list redrawn under it.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
