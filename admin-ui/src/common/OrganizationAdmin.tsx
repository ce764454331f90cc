import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { CoreAdmin, type DashboardComponent, type I18nProvider, type LayoutProps } from 'react-admin';
import { LoadingScreen } from '@/common/LoadingScreen';
import { makeI18nProvider, prepareLocale } from '@/i18n/i18nProvider';
import { initialLocale } from '@/i18n/locales';
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
  const { branding, user } = useSession();
  const [queryClient] = useState(makeQueryClient);
  // The person's language (their profile's, else this device's or the browser's) is loaded before the first screen.
  const [i18nProvider, setI18nProvider] = useState<I18nProvider | null>(null);
  const profileLanguage = user?.language;
  useEffect(() => {
    let live = true;
    const locale = initialLocale(profileLanguage);
    void prepareLocale(locale)
      .catch(() => prepareLocale('en'))
      .then(() => live && setI18nProvider(() => makeI18nProvider(locale)));
    return () => {
      live = false;
    };
    // Once per app: a later change of language goes through the provider (the header's switcher), not a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!i18nProvider) return <LoadingScreen message="Initializing application..." fullPage />;
  return (
    <CoreAdmin
      i18nProvider={i18nProvider}
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
