/**
 * Teacher mode (spec 3 §2.11): a react-admin instance under /teacher for teachers and admins.
 */
import { lazy, useMemo } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from '@/providers/authProvider';
import { dataProvider } from '@/providers/dataProvider';
import { Area, TeacherLayout } from '@/layout/Layout';
import { makeTheme } from '@/layout/themes';
import { RedirectHome } from '@/common/redirectHome';
import { useSession } from '@/session/SessionContext';

const TeacherDashboard = lazy(() => import('@/teacher-dashboard/TeacherDashboard'));
const ClassManagement = lazy(() => import('@/teacher-dashboard/ClassManagement'));

const DashboardScreen = ({ tab }: { tab: 'today' | 'upcoming' }) => (
  <Area message="Loading teacher dashboard...">
    <TeacherDashboard tab={tab} />
  </Area>
);
const HomeScreen = () => <DashboardScreen tab="today" />;

export default function TeacherApp() {
  const { branding } = useSession();
  const theme = useMemo(() => makeTheme(branding), [branding]);
  return (
    <Admin
      basename="/teacher"
      dataProvider={dataProvider}
      authProvider={authProvider}
      theme={theme}
      darkTheme={null}
      layout={TeacherLayout}
      dashboard={HomeScreen}
      loginPage={false}
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
      </CustomRoutes>
    </Admin>
  );
}
