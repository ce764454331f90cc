import { useT } from '@/lib/i18n/useT';
import { useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { SiteHeader } from '@/components/layout/SiteHeader';
import { RouteOverlay } from '@/app/RouteOverlay';
import { HomeGate } from '@/app/HomeGate';
import { Lazy, LOADING_MESSAGES, pages } from '@/app/routes';
import { AUTH_EXPIRED_EVENT } from '@/lib/apiClient';
import { clearBrandingCache } from '@/lib/branding';
import { OrganizationProvider } from '@/lib/OrganizationContext';
import { queryParam } from '@/lib/routing';

/** /org?organizationId=… or /org?org=…; /org alone goes home. */
function OrgQueryRedirect() {
  const search = useSearch();
  const id = queryParam(search, 'organizationId', 'org');
  return <Redirect to={id ? `/org/${encodeURIComponent(id)}` : '/'} replace />;
}

/**
 * /admin and /teacher belong to the admin app, which the server serves itself. Reaching them here means
 * that app is not deployed: say so instead of redirecting home (the home page would send an admin back).
 */
function AdminAppMissing() {
  const t = useT();
  return (
    <div className="container section">
      <h1>{t('adminMissing.title')}</h1>
      <p>{t('adminMissing.text')}</p>
    </div>
  );
}

function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function useSessionExpiry() {
  useEffect(() => {
    const onExpired = () => clearBrandingCache();
    window.addEventListener(AUTH_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(AUTH_EXPIRED_EVENT, onExpired);
  }, []);
}

/** `embedded`: the booking widget inside another site, which has its own header and footer. */
export function App({ embedded = false }: { embedded?: boolean }) {
  useSessionExpiry();
  return (
    <OrganizationProvider>
      {!embedded && <SiteHeader />}
      <main id="main" tabIndex={-1}>
        <Switch>
          <Route path="/">
            <HomeGate>
              <Lazy page={pages.home} />
            </HomeGate>
          </Route>
          <Route path="/pricing">
            <Lazy page={pages.pricing} />
          </Route>
          <Route path="/use-cases/:slug">
            <Lazy page={pages.useCase} />
          </Route>
          <Route path="/senior-centers">
            <Lazy page={pages.useCase} />
          </Route>
          <Route path="/community-colleges">
            <Lazy page={pages.useCase} />
          </Route>
          <Route path="/org/:organizationId">
            <Lazy page={pages.org} message={LOADING_MESSAGES.classes} />
          </Route>
          <Route path="/org">
            <OrgQueryRedirect />
          </Route>
          <Route path="/class/:id">
            <Lazy page={pages.classDetail} message={LOADING_MESSAGES.classDetails} />
          </Route>
          <Route path="/register/:classId">
            <Lazy page={pages.register} message={LOADING_MESSAGES.registration} />
          </Route>
          <Route path="/confirmation">
            <Lazy page={pages.confirmation} />
          </Route>
          <Route path="/my">
            <Lazy page={pages.myRequest} />
          </Route>
          <Route path="/my/registrations">
            <Lazy page={pages.myRegistrations} />
          </Route>
          <Route path="/my/:token">
            <Lazy page={pages.mySignIn} />
          </Route>
          <Route path="/waitlist/offer/:token">
            <Lazy page={pages.waitlistOffer} />
          </Route>
          <Route path="/waitlist/leave/:token">
            <Lazy page={pages.waitlistLeave} />
          </Route>
          <Route path="/waiver/:token">
            <Lazy page={pages.waiverSign} />
          </Route>
          <Route path="/terms">
            <Lazy page={pages.legal} />
          </Route>
          <Route path="/privacy">
            <Lazy page={pages.legal} />
          </Route>
          <Route path="/teacher-terms">
            <Lazy page={pages.legal} />
          </Route>
          <Route path="/teacher-privacy">
            <Lazy page={pages.legal} />
          </Route>
          <Route path="/terms-of-service">
            <Redirect to="/terms" replace />
          </Route>
          <Route path="/privacy-policy">
            <Redirect to="/privacy" replace />
          </Route>
          <Route path="/about-us">
            <Lazy page={pages.about} />
          </Route>
          <Route path="/about-us/:organizationId">
            <Lazy page={pages.about} />
          </Route>
          <Route path="/about">
            <Lazy page={pages.about} />
          </Route>
          <Route path="/contact-us">
            <Lazy page={pages.contact} />
          </Route>
          <Route path="/contact">
            <Lazy page={pages.contact} />
          </Route>
          <Route path="/accessibility">
            <Lazy page={pages.accessibility} />
          </Route>
          <Route path="/help">
            <Lazy page={pages.help} />
          </Route>
          <Route path="/signin">
            <Lazy page={pages.signIn} />
          </Route>
          <Route path="/forgot-password">
            <Lazy page={pages.signIn} />
          </Route>
          <Route path="/reset-password">
            <Lazy page={pages.resetPassword} />
          </Route>
          <Route path="/admin/*?">
            <AdminAppMissing />
          </Route>
          <Route path="/teacher/*?">
            <AdminAppMissing />
          </Route>
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </main>
      {!embedded && <SiteFooter />}
      <RouteOverlay />
      {!embedded && <ScrollToTop />}
    </OrganizationProvider>
  );
}
