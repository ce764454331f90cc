import { useT } from '@/lib/i18n/useT';
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

  const t = useT();
  const classes = useAsync(() => getClasses(organizationId!), [organizationId], !!organizationId);
  // An early-access link from the term's email: kept for this session, sent with a registration from its email.
  useState(() => keepEarlyAccessFrom(window.location.search));
  const [termFilter, setTermFilter] = useState('');
  const terms = useMemo(() => termsOf(classes.data ?? [], t('org.termFallback'), t('org.otherClasses')), [classes.data, t]);
  const shown = (classes.data ?? []).filter((c) => !termFilter || (c.termId ?? 'none') === termFilter);
  useSeo('org-classes', {
    exactTitle: brandingReady ? branding.businessName : undefined,
    description: brandingReady ? t('org.seoDescription', { name: branding.businessName }) : undefined,
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
                <h1>{t('org.welcome', { name: branding.businessName })}</h1>
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
            title={t('org.share')}
            url={`${publicOrigin()}/org/${encodeURIComponent(organizationId)}`}
            fileName={`classlane-${organizationId}-qr.png`}
          />
        ) : null}

        <div className="org-toolbar">
          <h2 className="org-toolbar__title">{t('org.available')}</h2>
          {terms.length ? (
            <label className="org-term-filter">
              <span>{t('org.term')}</span>
              <select value={termFilter} onChange={(e) => setTermFilter(e.target.value)}>
                <option value="">{t('org.allTerms')}</option>
                {terms.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className="segmented" role="group" aria-label={t('org.displayAs')}>
            <button type="button" aria-pressed={layout === 'grid'} onClick={() => setLayout('grid')}>
              {t('org.grid')}
            </button>
            <button type="button" aria-pressed={layout === 'calendar'} onClick={() => setLayout('calendar')}>
              {t('org.calendar')}
            </button>
          </div>
        </div>

        {classes.loading ? (
          <PageLoading message={t('loading.classes')} />
        ) : classes.error ? (
          <Alert tone="error" title={t('org.loadFailed')}>
            <p>{classes.error instanceof Error ? classes.error.message : t('common.tryAgainLater')}</p>
            <button type="button" className="btn btn--small" onClick={classes.reload}>
              {t('common.tryAgain')}
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
function termsOf(classes: ClassItem[], unnamed: string, none: string): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const c of classes) seen.set(c.termId ?? 'none', c.termId ? (c.termName ?? unnamed) : none);
  if (![...seen.keys()].some((k) => k !== 'none')) return [];
  return [...seen].map(([id, name]) => ({ id, name }));
}
