/**
 * Teacher mode (spec 3 §2.11): a react-admin instance under /teacher for teachers and admins.
 */
import { lazy } from 'react';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { TeacherLayout } from '@/layout/Layout';
import { inArea, OrganizationAdmin } from '@/common/OrganizationAdmin';

const TeacherDashboard = lazy(() => import('@/teacher-dashboard/TeacherDashboard'));
const ClassManagement = lazy(() => import('@/teacher-dashboard/ClassManagement'));
const ClassReport = lazy(() => import('@/reports/ClassReport'));
const TeacherSession = lazy(() => import('@/teacher-session/TeacherSession'));
const SessionRedirect = lazy(() => import('@/teacher-session/TeacherSession').then((m) => ({ default: m.SessionRedirect })));

const DashboardScreen = ({ tab }: { tab: 'today' | 'upcoming' }) => inArea('Loading teacher dashboard...', <TeacherDashboard tab={tab} />);
const HomeScreen = () => <DashboardScreen tab="today" />;

export default function TeacherApp() {
  return (
    <OrganizationAdmin basename="/teacher" layout={TeacherLayout} dashboard={HomeScreen}>
      <CustomRoutes>
        <Route path="/today" element={<DashboardScreen tab="today" />} />
        <Route path="/upcoming" element={<DashboardScreen tab="upcoming" />} />
        <Route path="/payment-view/:classId" element={inArea('Loading payment details...', <ClassManagement />)} />
        <Route path="/session/:classId" element={inArea('Loading class session...', <SessionRedirect />)} />
        <Route path="/session/:classId/:date" element={inArea('Loading class session...', <TeacherSession />)} />
        <Route path="/reports/:classId" element={inArea('Loading reports...', <ClassReport />)} />
      </CustomRoutes>
    </OrganizationAdmin>
  );
}
