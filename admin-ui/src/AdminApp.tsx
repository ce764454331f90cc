/**
 * The admin area: one react-admin instance under /admin (spec 3 §2.2-§2.6).
 * Screens are lazy chunks; each shows its area's loading message while it loads.
 */
import { lazy, useState } from 'react';
import { CoreAdmin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider } from '@/providers/authProvider';
import { dataProvider } from '@/providers/dataProvider';
import { makeQueryClient } from '@/providers/queryClient';
import { AdminLayout, Area } from '@/layout/Layout';
import { RedirectHome } from '@/common/redirectHome';
import { LoadingScreen } from '@/common/LoadingScreen';

const Loading = () => <LoadingScreen message="Initializing application..." fullPage />;
import { useSession } from '@/session/SessionContext';
import classes from '@/resources/classes';
import students from '@/resources/students';

const Dashboard = lazy(() => import('@/dashboard/Dashboard'));
const SettingsPage = lazy(() => import('@/settings/SettingsPage'));
const TeamPage = lazy(() => import('@/team/TeamPage'));
const SubscriptionPage = lazy(() => import('@/subscription/SubscriptionPage'));
const SubscriptionTestPage = lazy(() => import('@/subscription/SubscriptionTestPage'));
const CommunicationCenter = lazy(() => import('@/communications/CommunicationCenter'));
const ReportsPage = lazy(() => import('@/reports/ReportsPage'));

const DashboardScreen = () => (
  <Area message="Loading admin dashboard...">
    <Dashboard />
  </Area>
);

const TeamScreen = () => (
  <Area message="Loading team...">
    <TeamPage />
  </Area>
);

export default function AdminApp() {
  const { branding } = useSession();
  const [queryClient] = useState(makeQueryClient);
  return (
    <CoreAdmin
      queryClient={queryClient}
      basename="/admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      layout={AdminLayout}
      dashboard={DashboardScreen}
      loginPage={false}
      loading={Loading}
      catchAll={RedirectHome}
      title={branding.businessName}
      disableTelemetry
    >
      <Resource name="classes" {...classes} />
      <Resource name="students" {...students} />
      <Resource name="team" list={TeamScreen} />
      {/* Read and written by the Communication Center's Templates tab (ListBase, CreateBase, EditBase). */}
      <Resource name="communications/templates" />
      <CustomRoutes>
        <Route path="/dashboard" element={<Navigate to="/admin" replace />} />
        <Route
          path="/settings"
          element={
            <Area message="Loading settings...">
              <SettingsPage />
            </Area>
          }
        />
        <Route
          path="/subscription"
          element={
            <Area message="Loading subscription...">
              <SubscriptionPage />
            </Area>
          }
        />
        <Route
          path="/subscription-test"
          element={
            <Area message="Loading subscription...">
              <SubscriptionTestPage />
            </Area>
          }
        />
        <Route
          path="/communications"
          element={
            <Area message="Loading communications...">
              <CommunicationCenter />
            </Area>
          }
        />
        <Route
          path="/reports"
          element={
            <Area message="Loading reports...">
              <ReportsPage />
            </Area>
          }
        />
      </CustomRoutes>
    </CoreAdmin>
  );
}
