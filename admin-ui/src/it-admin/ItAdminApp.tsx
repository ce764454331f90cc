/**
 * The IT-admin portal (issue 13, spec 3 §2.12): /it-admin/login, /it-admin/dashboard, /it-admin/organizations/{id}.
 * Its own session (staffSession.ts) and its own calls (staffApi.ts); nothing here reads or clears the organization
 * session, and the organization app never sees the staff token.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { ItAdminDashboard } from '@/it-admin/ItAdminDashboard';
import { ItAdminLogin } from '@/it-admin/ItAdminLogin';
import { OrganizationDetail } from '@/it-admin/OrganizationDetail';
import { getStaffToken, STAFF_EXPIRED_EVENT } from '@/it-admin/staffSession';

/** Spec 3 §4 "IT admin session": signed in while a staff token exists; a refused token sends staff back to sign in. */
function RequireStaff({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [token, setToken] = useState(getStaffToken);
  useEffect(() => {
    const expired = () => {
      setToken(null);
      navigate('/it-admin/login', { replace: true });
    };
    window.addEventListener(STAFF_EXPIRED_EVENT, expired);
    return () => window.removeEventListener(STAFF_EXPIRED_EVENT, expired);
  }, [navigate]);
  if (!token) return <Navigate to="/it-admin/login" replace />;
  return <>{children}</>;
}

export default function ItAdminApp() {
  useEffect(() => {
    document.title = 'IT Admin Portal · Classlane';
  }, []);
  return (
    <Routes>
      <Route path="login" element={<ItAdminLogin />} />
      <Route
        path="dashboard"
        element={
          <RequireStaff>
            <ItAdminDashboard />
          </RequireStaff>
        }
      />
      <Route
        path="organizations/:id"
        element={
          <RequireStaff>
            <OrganizationDetail />
          </RequireStaff>
        }
      />
      <Route path="*" element={<Navigate to={getStaffToken() ? '/it-admin/dashboard' : '/it-admin/login'} replace />} />
    </Routes>
  );
}
