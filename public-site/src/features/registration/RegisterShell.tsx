import { i18n } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/useT';
// The registration page's frame (its heading), and the page's text when the class could not be loaded.
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/apiClient';

/**
 * Why the class could not be shown under the page state of spec 2 §2, with the class page's texts (spec 1 §8):
 * a class the server does not know (404, or no class in the reply) is named; any other failure of the request
 * (network, time-out, server error, unreadable reply) is 'Failed to load class data'.
 */
export function classLoadDetail(error: unknown, classId: string): string {
  const notFound = !error || (error instanceof ApiError && error.status === 404);
  return notFound ? i18n._({ id: 'register.classNotFound', values: { id: classId } }) : i18n._({ id: 'register.classLoadFailed' });
}

export function RegisterShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="container register-page">
      <h1>{t('register.title')}</h1>
      {children}
    </div>
  );
}
