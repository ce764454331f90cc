/**
 * The IT-admin portal (spec 3 §2.12): its own react-admin application under /it-admin, with its own auth
 * provider (the staff session, staffSession.ts) and data provider (the staff API, staffApi.ts); nothing here reads or
 * clears the organization session, and the organization app never sees the staff token.
 * Routes: /it-admin/login, /it-admin/dashboard, /it-admin/organizations/{id}.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { CoreAdmin, CustomRoutes, useLogout } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { LoadingScreen } from '@/common/LoadingScreen';
import { ItAdminDashboard } from '@/it-admin/ItAdminDashboard';
import { ItAdminLogin } from '@/it-admin/ItAdminLogin';
import { OrganizationDetail } from '@/it-admin/OrganizationDetail';
import { STAFF_EXPIRED_EVENT } from '@/it-admin/staffSession';
import { STAFF_HOME, staffAuthProvider, staffDataProvider } from '@/it-admin/staffProviders';
import { makeQueryClient } from '@/providers/queryClient';

/** Spec 3 §4 "IT admin session": a token the API refuses (expired after an hour, or signed out elsewhere) signs staff out. */
function StaffLayout({ children }: { children: ReactNode }) {
  const logout = useLogout();
  useEffect(() => {
    document.title = 'IT Admin Portal · Classlane';
    const expired = () => void logout();
    window.addEventListener(STAFF_EXPIRED_EVENT, expired);
    return () => window.removeEventListener(STAFF_EXPIRED_EVENT, expired);
  }, [logout]);
  return <>{children}</>;
}

const Loading = () => <LoadingScreen message="Initializing application..." fullPage />;
const Home = () => <Navigate to={STAFF_HOME} replace />;

export default function ItAdminApp() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <CoreAdmin
      basename="/it-admin"
      authProvider={staffAuthProvider}
      dataProvider={staffDataProvider}
      queryClient={queryClient}
      layout={StaffLayout}
      loginPage={ItAdminLogin}
      dashboard={Home}
      catchAll={Home}
      loading={Loading}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes>
        <Route path="/dashboard" element={<ItAdminDashboard />} />
        <Route path="/organizations/:id" element={<OrganizationDetail />} />
      </CustomRoutes>
    </CoreAdmin>
  );
}
