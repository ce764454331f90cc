/**
 * Root route tree (spec 3 §2.1). One BrowserRouter (main.tsx); two react-admin instances mounted under
 * their basenames: /admin (admins) and /teacher (teachers and admins). Both are lazy chunks, so the
 * login page stays light.
 */
import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { LoadingScreen } from '@/common/LoadingScreen';
import { RedirectHome } from '@/common/redirectHome';
import { LoginPage } from '@/login/LoginPage';
import { homeFor } from '@/providers/session';
import { RequireArea } from '@/session/RequireArea';
import { SessionProvider, useSession } from '@/session/SessionContext';
import { makeTheme } from '@/layout/themes';

const AdminApp = lazy(() => import('@/AdminApp'));
const TeacherApp = lazy(() => import('@/TeacherApp'));
const ItAdminApp = lazy(() => import('@/it-admin/ItAdminApp'));
const SubscriptionSuccessPage = lazy(() => import('@/subscription/SubscriptionSuccessPage'));

function RootRedirect() {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingScreen message="Initializing application..." fullPage />;
  return <Navigate to={homeFor(user)} replace />;
}

function Themed({ children }: { children: React.ReactNode }) {
  const { branding } = useSession();
  const theme = useMemo(() => createTheme(makeTheme(branding)), [branding]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

const initializing = <LoadingScreen message="Initializing application..." fullPage />;

export function App() {
  return (
    <SessionProvider>
      <Themed>
        <Suspense fallback={initializing}>
          <Routes>
            <Route path="/" element={<RootRedirect />} />
            <Route path="/login" element={<LoginPage />} />
            <Route
              path="/admin/*"
              element={
                <RequireArea area="admin">
                  <AdminApp />
                </RequireArea>
              }
            />
            {/* Its own guard: signed-out visitors go to /signin (spec 3 §2.10), not /login. */}
            <Route path="/subscription-success" element={<SubscriptionSuccessPage />} />
            <Route
              path="/teacher/*"
              element={
                <RequireArea area="teacher">
                  <TeacherApp />
                </RequireArea>
              }
            />
            <Route path="/it-admin/*" element={<ItAdminApp />} />
            <Route path="*" element={<RedirectHome />} />
          </Routes>
        </Suspense>
      </Themed>
    </SessionProvider>
  );
}
