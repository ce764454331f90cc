/**
 * The admin area: one react-admin instance under /admin (spec 3 §2.2-§2.6).
 * Screens are lazy chunks; each shows its area's loading message while it loads.
 */
import { lazy } from 'react';
import { CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { AdminLayout } from '@/layout/Layout';
import { inArea, OrganizationAdmin } from '@/common/OrganizationAdmin';
import classes from '@/resources/classes';
import students from '@/resources/students';

const Dashboard = lazy(() => import('@/dashboard/Dashboard'));
const SettingsPage = lazy(() => import('@/settings/SettingsPage'));
const TeamPage = lazy(() => import('@/team/TeamPage'));
const SubscriptionPage = lazy(() => import('@/subscription/SubscriptionPage'));
const SubscriptionTestPage = lazy(() => import('@/subscription/SubscriptionTestPage'));
const CommunicationCenter = lazy(() => import('@/communications/CommunicationCenter'));
const ReportsPage = lazy(() => import('@/reports/ReportsPage'));
const ConflictsPage = lazy(() => import('@/conflicts/ConflictsPage'));
const ReceiptsPage = lazy(() => import('@/receipts/ReceiptsPage'));
const PaymentPlansPage = lazy(() => import('@/payment-plans/PaymentPlansPage'));
const PaymentPlanPage = lazy(() => import('@/payment-plans/PaymentPlanPage'));
const RoomCalendarPage = lazy(() => import('@/room-calendar/RoomCalendarPage'));

const DashboardScreen = () => inArea('admin.loading.dashboard', <Dashboard />);
const TeamScreen = () => inArea('admin.loading.team', <TeamPage />);

export default function AdminApp() {
  return (
    <OrganizationAdmin basename="/admin" layout={AdminLayout} dashboard={DashboardScreen}>
      <Resource name="classes" {...classes} />
      <Resource name="students" {...students} />
      <Resource name="team" list={TeamScreen} />
      {/* Read and written by the Communication Center's Templates tab (ListBase, CreateBase, EditBase). */}
      <Resource name="communications/templates" />
      {/* Read and written inside the Settings tabs: Discounts (promo codes), Terms, Integrations (the other three). */}
      <Resource name="promo-codes" />
      <Resource name="terms" />
      <Resource name="locations" />
      <Resource name="rooms" />
      <Resource name="instructors" />
      <Resource name="calendar-feeds" />
      <Resource name="api-keys" />
      <Resource name="webhook-endpoints" />
      {/* Settings › Products: what the organization sells on the credits ledger (issue 41). */}
      <Resource name="credit-products" />
      <CustomRoutes>
        <Route path="/dashboard" element={<Navigate to="/admin" replace />} />
        <Route path="/settings" element={inArea('admin.loading.settings', <SettingsPage />)} />
        <Route path="/subscription" element={inArea('admin.loading.subscription', <SubscriptionPage />)} />
        <Route path="/subscription-test" element={inArea('admin.loading.subscription', <SubscriptionTestPage />)} />
        <Route path="/communications" element={inArea('admin.loading.communications', <CommunicationCenter />)} />
        <Route path="/reports" element={inArea('admin.loading.reports', <ReportsPage />)} />
        <Route path="/conflicts" element={inArea('admin.loading.conflicts', <ConflictsPage />)} />
        <Route path="/receipts" element={inArea('admin.loading.receipts', <ReceiptsPage />)} />
        <Route path="/payment-plans" element={inArea('admin.loading.paymentPlans', <PaymentPlansPage />)} />
        <Route path="/payment-plans/:id" element={inArea('admin.loading.paymentPlans', <PaymentPlanPage />)} />
        <Route path="/room-calendar" element={inArea('admin.loading.roomCalendar', <RoomCalendarPage />)} />
      </CustomRoutes>
    </OrganizationAdmin>
  );
}
