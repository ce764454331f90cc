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
  return notFound ? `Class with ID ${classId} not found` : 'Failed to load class data';
}

export function RegisterShell({ children }: { children: ReactNode }) {
  return (
    <div className="container register-page">
      <h1>Register for Class</h1>
      {children}
    </div>
  );
}
