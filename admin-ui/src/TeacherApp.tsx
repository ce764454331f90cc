/**
 * Teacher mode (spec 3 §2.11): a react-admin instance under /teacher for teachers and admins.
 */
import { lazy, useState } from 'react';
import { CoreAdmin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from '@/providers/authProvider';
import { dataProvider } from '@/providers/dataProvider';
import { makeQueryClient } from '@/providers/queryClient';
import { Area, TeacherLayout } from '@/layout/Layout';
import { RedirectHome } from '@/common/redirectHome';
import { LoadingScreen } from '@/common/LoadingScreen';

const Loading = () => <LoadingScreen message="Initializing application..." fullPage />;
import { useSession } from '@/session/SessionContext';

const TeacherDashboard = lazy(() => import('@/teacher-dashboard/TeacherDashboard'));
const ClassManagement = lazy(() => import('@/teacher-dashboard/ClassManagement'));
const ClassReport = lazy(() => import('@/reports/ClassReport'));
const TeacherSession = lazy(() => import('@/teacher-session/TeacherSession'));
const SessionRedirect = lazy(() => import('@/teacher-session/TeacherSession').then((m) => ({ default: m.SessionRedirect })));

const DashboardScreen = ({ tab }: { tab: 'today' | 'upcoming' }) => (
  <Area message="Loading teacher dashboard...">
    <TeacherDashboard tab={tab} />
  </Area>
);
const HomeScreen = () => <DashboardScreen tab="today" />;

export default function TeacherApp() {
  const { branding } = useSession();
  const [queryClient] = useState(makeQueryClient);
  return (
    <CoreAdmin
      queryClient={queryClient}
      basename="/teacher"
      dataProvider={dataProvider}
      authProvider={authProvider}
      layout={TeacherLayout}
      dashboard={HomeScreen}
      loginPage={false}
      loading={Loading}
      catchAll={RedirectHome}
      title={branding.businessName}
      disableTelemetry
    >
      <CustomRoutes>
        <Route path="/today" element={<DashboardScreen tab="today" />} />
        <Route path="/upcoming" element={<DashboardScreen tab="upcoming" />} />
        <Route
          path="/payment-view/:classId"
          element={
            <Area message="Loading payment details...">
              <ClassManagement />
            </Area>
          }
        />
        <Route
          path="/session/:classId"
          element={
            <Area message="Loading class session...">
              <SessionRedirect />
            </Area>
          }
        />
        <Route
          path="/session/:classId/:date"
          element={
            <Area message="Loading class session...">
              <TeacherSession />
            </Area>
          }
        />
        <Route
          path="/reports/:classId"
          element={
            <Area message="Loading reports...">
              <ClassReport />
            </Area>
          }
        />
      </CustomRoutes>
    </CoreAdmin>
  );
}
