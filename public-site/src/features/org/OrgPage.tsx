import { useMemo, useState } from 'react';
import { keepEarlyAccessFrom } from '@/lib/earlyAccess';
import type { ClassItem } from '@/lib/models';
import { useParams } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { PageLoading } from '@/components/ui/PageLoading';
import { SharePanel } from '@/components/ui/SharePanel';
import { ViewSwitch, type ViewMode } from '@/components/ui/ViewSwitch';
import { publicOrigin } from '@/config/env';
import { ApiError } from '@/lib/apiClient';
import { getClasses } from '@/lib/publicApi';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { useSeo } from '@/lib/seo';
import { isAdminOf } from '@/lib/storage';
import { useAsync } from '@/lib/useAsync';
import { OrgCalendar } from './OrgCalendar';
import { OrgClassGrid } from './OrgClassGrid';
import { NoOrganization } from './NoOrganization';
import './OrgPage.css';

type Layout = 'grid' | 'calendar';

/** Public class list of one organization: /org/{organizationId} (spec 1 §2). */
export function OrgPage() {
  const params = useParams<{ organizationId: string }>();
  const organizationId = params.organizationId?.trim() || null;
  const { branding, brandingReady, organizationMissing } = useOrganizationScope(organizationId);
  const [layout, setLayout] = useState<Layout>('grid');
  const isAdmin = isAdminOf(organizationId);
  const [mode, setMode] = useState<ViewMode>('admin');
  const adminView = isAdmin && mode === 'admin';

  const classes = useAsync(() => getClasses(organizationId!), [organizationId], !!organizationId);
  // An early-access link from the term's email: kept for this session, sent with a registration from its email.
  useState(() => keepEarlyAccessFrom(window.location.search));
  const [termFilter, setTermFilter] = useState('');
  const terms = useMemo(() => termsOf(classes.data ?? []), [classes.data]);
  const shown = (classes.data ?? []).filter((c) => !termFilter || (c.termId ?? 'none') === termFilter);
  useSeo('org-classes', {
    exactTitle: brandingReady ? branding.businessName : undefined,
    description: brandingReady ? `Browse classes offered by ${branding.businessName} and register online.` : undefined,
  });

  if (!organizationId) return <NoOrganization />;
  const notFound = classes.error instanceof ApiError && (classes.error.status === 404 || classes.error.status === 400);
  if (notFound || organizationMissing) return <NoOrganization />;

  return (
    <>
      <section className="org-hero">
        <div className="container org-hero__inner">
          <div>
            {brandingReady ? (
              <>
                <h1>Welcome to {branding.businessName}</h1>
                <p className="org-hero__slogan">{branding.slogan}</p>
              </>
            ) : (
              <div className="org-hero__placeholder" aria-hidden="true">
                <span />
                <span />
              </div>
            )}
          </div>
          {isAdmin ? <ViewSwitch mode={mode} onChange={setMode} /> : null}
        </div>
      </section>

      <div className="container org-body">
        {adminView ? (
          <SharePanel
            title="Share your class page"
            url={`${publicOrigin()}/org/${encodeURIComponent(organizationId)}`}
            fileName={`classlane-${organizationId}-qr.png`}
          />
        ) : null}

        <div className="org-toolbar">
          <h2 className="org-toolbar__title">Available Classes</h2>
          {terms.length ? (
            <label className="org-term-filter">
              <span>Term</span>
              <select value={termFilter} onChange={(e) => setTermFilter(e.target.value)}>
                <option value="">All terms</option>
                {terms.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className="segmented" role="group" aria-label="Display classes as">
            <button type="button" aria-pressed={layout === 'grid'} onClick={() => setLayout('grid')}>
              Grid
            </button>
            <button type="button" aria-pressed={layout === 'calendar'} onClick={() => setLayout('calendar')}>
              Calendar
            </button>
          </div>
        </div>

        {classes.loading ? (
          <PageLoading message="Loading classes..." />
        ) : classes.error ? (
          <Alert tone="error" title="Failed to load classes">
            <p>{classes.error instanceof Error ? classes.error.message : 'Please try again.'}</p>
            <button type="button" className="btn btn--small" onClick={classes.reload}>
              Try Again
            </button>
          </Alert>
        ) : layout === 'grid' && terms.length ? (
          // Grouped by term, in the order the terms first come (the list is soonest first).
          terms
            .filter((t) => !termFilter || t.id === termFilter)
            .map((t) => (
              <section key={t.id} className="org-term" aria-labelledby={`term-${t.id}`}>
                <h3 id={`term-${t.id}`} className="org-term__title">
                  {t.name}
                </h3>
                <OrgClassGrid
                  classes={shown.filter((c) => (c.termId ?? 'none') === t.id)}
                  organizationId={organizationId}
                  showEnrollment={adminView}
                />
              </section>
            ))
        ) : layout === 'grid' ? (
          <OrgClassGrid classes={shown} organizationId={organizationId} showEnrollment={adminView} />
        ) : (
          <OrgCalendar classes={shown} organizationId={organizationId} />
        )}
      </div>
    </>
  );
}

/** The terms of the listed classes, in the order they first appear, and 'Other classes' for those in none. */
function termsOf(classes: ClassItem[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const c of classes) seen.set(c.termId ?? 'none', c.termId ? (c.termName ?? 'Term') : 'Other classes');
  if (![...seen.keys()].some((k) => k !== 'none')) return [];
  return [...seen].map(([id, name]) => ({ id, name }));
}
