import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/common/LoadingScreen';
import { RedirectHome } from '@/common/redirectHome';
import { canAccessArea, type Area } from '@/providers/canAccess';
import { useSession } from '@/session/SessionContext';

/**
 * Route guard (spec 3 §2.1): signed-out visitors go to /login; signed-in users without the role
 * for this area are sent to "/".
 */
export function RequireArea({ area, children }: { area: Area; children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen message="Initializing application..." fullPage />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!canAccessArea(user.role, area)) return <RedirectHome />;
  return <>{children}</>;
}
