import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoading } from '@/components/ui/PageLoading';
import { loadNamespace, type Namespace } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/useT';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Lazy page: each page is its own chunk, so /org/{id} ships only what it needs. A page with texts of its own
 * (`ns`) loads that catalog in the visit's language alongside its code.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, ns: Namespace | Namespace[] = []): Page {
  const namespaces = Array.isArray(ns) ? ns : [ns];
  return lazy(() => Promise.all([load(), ...namespaces.map(loadNamespace)]).then(([m]) => ({ default: pick(m) })));
}

export const pages = {
  home: page(
    () => import('@/features/marketing/HomePage'),
    (m) => m.HomePage,
  ),
  pricing: page(
    () => import('@/features/marketing/PricingPage'),
    (m) => m.PricingPage,
  ),
  useCase: page(
    () => import('@/features/marketing/UseCasePage'),
    (m) => m.UseCasePage,
  ),
  org: page(
    () => import('@/features/org/OrgPage'),
    (m) => m.OrgPage,
  ),
  classDetail: page(
    () => import('@/features/class-detail/ClassDetailPage'),
    (m) => m.ClassDetailPage,
  ),
  register: page(
    () => import('@/features/registration/RegisterPage'),
    (m) => m.RegisterPage,
    ['registration', 'waitlist', 'payment', 'forms'],
  ),
  confirmation: page(
    () => import('@/features/registration/ConfirmationPage'),
    (m) => m.ConfirmationPage,
    'registration',
  ),
  legal: page(
    () => import('@/features/legal/LegalPage'),
    (m) => m.LegalPage,
  ),
  about: page(
    () => import('@/features/about/AboutPage'),
    (m) => m.AboutPage,
  ),
  contact: page(
    () => import('@/features/contact/ContactPage'),
    (m) => m.ContactPage,
    ['site', 'forms'],
  ),
  accessibility: page(
    () => import('@/features/accessibility/AccessibilityPage'),
    (m) => m.AccessibilityPage,
  ),
  help: page(
    () => import('@/features/help/HelpPage'),
    (m) => m.HelpPage,
    ['site', 'forms'],
  ),
  waitlistOffer: page(
    () => import('@/features/waitlist/WaitlistOfferPage'),
    (m) => m.WaitlistOfferPage,
    ['registration', 'waitlist', 'payment', 'forms'],
  ),
  waitlistLeave: page(
    () => import('@/features/waitlist/WaitlistLeavePage'),
    (m) => m.WaitlistLeavePage,
    'waitlist',
  ),
  waiverSign: page(
    () => import('@/features/waiver/WaiverSignPage'),
    (m) => m.WaiverSignPage,
    ['waiver', 'forms'],
  ),
  // The student portal: one lazy chunk for its three pages (decision 18).
  myRequest: page(
    () => import('@/features/portal/PortalPages'),
    (m) => m.PortalRequestPage,
    ['portal', 'payment', 'forms'],
  ),
  mySignIn: page(
    () => import('@/features/portal/PortalPages'),
    (m) => m.PortalSignInPage,
    ['portal', 'payment', 'forms'],
  ),
  myRegistrations: page(
    () => import('@/features/portal/PortalPages'),
    (m) => m.PortalPage,
    ['portal', 'payment', 'forms', 'makeups'],
  ),
  signIn: page(
    () => import('@/features/auth/SignInPage'),
    (m) => m.SignInPage,
    ['account', 'forms'],
  ),
  resetPassword: page(
    () => import('@/features/auth/ResetPasswordPage'),
    (m) => m.ResetPasswordPage,
    ['account', 'forms'],
  ),
};

/** Route-specific loading messages (spec 1 §2): their catalog keys. */
export const LOADING_MESSAGES = {
  classes: 'loading.classes',
  classDetails: 'loading.classDetails',
  registration: 'loading.registration',
  default: 'loading.default',
} as const;

export function Lazy({ page: Component, message = LOADING_MESSAGES.default }: { page: Page; message?: string }) {
  const t = useT();
  return (
    <Suspense fallback={<PageLoading message={t(message)} />}>
      <Component />
    </Suspense>
  );
}
