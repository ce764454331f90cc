import { useState, type ComponentType, type ReactNode } from 'react';
import { CoreAdmin, type DashboardComponent, type LayoutProps } from 'react-admin';
import { LoadingScreen } from '@/common/LoadingScreen';
import { RedirectHome } from '@/common/redirectHome';
import { Area } from '@/layout/Layout';
import { authProvider } from '@/providers/authProvider';
import { dataProvider } from '@/providers/dataProvider';
import { makeQueryClient } from '@/providers/queryClient';
import { useSession } from '@/session/SessionContext';

const Loading = () => <LoadingScreen message="Initializing application..." fullPage />;

/** A lazy screen inside its area's loading message. */
export const inArea = (message: string, screen: ReactNode) => <Area message={message}>{screen}</Area>;

/**
 * One react-admin instance of the organization's app (admin mode under /admin, teacher mode under /teacher): the
 * organization's session and data provider, its own query cache, the business name as title.
 */
export function OrganizationAdmin({
  basename,
  layout,
  dashboard,
  children,
}: {
  basename: string;
  layout: ComponentType<LayoutProps>;
  dashboard: DashboardComponent;
  children: ReactNode;
}) {
  const { branding } = useSession();
  const [queryClient] = useState(makeQueryClient);
  return (
    <CoreAdmin
      queryClient={queryClient}
      basename={basename}
      dataProvider={dataProvider}
      authProvider={authProvider}
      layout={layout}
      dashboard={dashboard}
      loginPage={false}
      loading={Loading}
      catchAll={RedirectHome}
      title={branding.businessName}
      disableTelemetry
    >
      {children}
    </CoreAdmin>
  );
}
