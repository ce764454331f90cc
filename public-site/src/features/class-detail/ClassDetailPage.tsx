import { useT } from '@/lib/i18n/useT';
import { useState } from 'react';
import { RegistrationOpening } from '@/components/class/RegistrationOpening';
import { Link, useParams, useSearch } from 'wouter';
import { PageLoading } from '@/components/ui/PageLoading';
import { SharePanel } from '@/components/ui/SharePanel';
import { ViewSwitch, type ViewMode } from '@/components/ui/ViewSwitch';
import { publicOrigin } from '@/config/env';
import { ApiError } from '@/lib/apiClient';
import {
  formatDuration,
  formatLongDate,
  formatPrice,
  formatTimeRange,
  hasDiscount,
  isOpenStatus,
  scheduleText,
  sessionDates,
  slugify,
} from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';
import { getClass } from '@/lib/publicApi';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { classPath, orgPath, queryParam, registerPath } from '@/lib/routing';
import { useSeo } from '@/lib/seo';
import { isAdminOf } from '@/lib/storage';
import { useAsync } from '@/lib/useAsync';
import { Fact } from '@/components/ui/Fact';
import { statusText } from '@/lib/i18n/statusText';
import { DropInSessions } from './DropInSessions';
import './ClassDetailPage.css';

class ClassNotFoundError extends Error {}

async function loadClass(id: string, organizationId: string | null): Promise<ClassItem> {
  try {
    const item = await getClass(id, organizationId);
    if (!item) throw new ClassNotFoundError(`Class with ID ${id} not found`);
    return item;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ClassNotFoundError(`Class with ID ${id} not found`);
    throw error;
  }
}

/** Class detail: /class/{id}?organizationId= (spec 1 §2). */
export function ClassDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const queryOrg = queryParam(useSearch(), 'organizationId', 'org');
  const state = useAsync(() => loadClass(id, queryOrg), [id, queryOrg]);
  const item = state.data;
  const organizationId = item?.organizationId ?? queryOrg;
  const { branding, brandingReady } = useOrganizationScope(organizationId);
  const [mode, setMode] = useState<ViewMode>('admin');
  const isAdmin = isAdminOf(item?.organizationId);
  const t = useT();

  useSeo('class', {
    title: item?.title,
    description: item
      ? t('classPage.seoDescription', {
          title: item.title,
          schedule: scheduleText(item.days, item.schedule),
          start: formatLongDate(item.startDate),
          description: item.description ?? '',
        }).slice(0, 300)
      : undefined,
    siteName: organizationId && brandingReady ? branding.businessName : undefined,
  });

  if (state.loading) return <PageLoading message={t('loading.classDetails')} />;
  if (state.error || !item) {
    const message = state.error instanceof Error && state.error.message ? state.error.message : t('classPage.loadFailed');
    return (
      <div className="container class-page">
        <div className="card class-error" role="alert">
          <h1>{t('classPage.errorTitle')}</h1>
          <p>{message}</p>
          <Link href={orgPath(queryOrg)} className="btn">
            {t('classPage.returnToClasses')}
          </Link>
        </div>
      </div>
    );
  }

  const open = isOpenStatus(item.status);
  const discounted = hasDiscount(item.price, item.discountPrice);
  const percent = item.maxStudents > 0 ? Math.min(100, Math.round((item.enrolledStudents / item.maxStudents) * 100)) : 0;
  const sessions = sessionDates(item.startDate, item.days, item.schedule, item.sessions);
  // The sessions the organization cancelled: still listed, struck out, so a student sees the date is off.
  const cancelled = new Set((item.cancelledSessions ?? []).map((d) => new Date(d).getTime()));
  const materials = (item.materials ?? []).filter((m) => m && m.trim());
  // A full class offers its waitlist where Register Now was, when the server says it takes entries (not
  // on a class an admin closed by hand); the registration page holds the form.
  const waitlist = item.waitlistOpen;
  const registerButton = waitlist ? (
    <Link href={registerPath(item.id, item.organizationId)} className="btn btn--lg">
      {t('class.joinWaitlist')}
    </Link>
  ) : open ? (
    <RegistrationOpening window={item.registrationWindow} termId={item.termId}>
      <Link href={registerPath(item.id, item.organizationId)} className="btn btn--lg">
        {t('class.registerNow')}
      </Link>
    </RegistrationOpening>
  ) : null;

  return (
    <div className="container class-page">
      <div className="class-page__topbar">
        <Link href={orgPath(item.organizationId)} className="back-link">
          <span aria-hidden="true">←</span> {t('classPage.back')}
        </Link>
        {isAdmin ? <ViewSwitch mode={mode} onChange={setMode} /> : null}
      </div>

      {isAdmin && mode === 'admin' ? (
        <SharePanel
          title={t('classPage.share')}
          url={`${publicOrigin()}${classPath(item.id, item.organizationId)}`}
          fileName={`${slugify(item.title)}-qr.png`}
        />
      ) : null}

      <div className={`class-banner ${open && !waitlist ? 'class-banner--open' : 'class-banner--closed'}`}>
        <span>{waitlist ? t('classPage.bannerWaitlist') : open ? t('classPage.bannerOpen') : t('classPage.bannerClosed')}</span>
        <span className={`badge ${open ? 'badge--open' : 'badge--closed'}`}>{statusText(t, item.status)}</span>
      </div>

      <div className="class-layout">
        <article className="card class-main">
          <h1 className="class-title">{item.title}</h1>
          {item.description ? <p className="class-description">{item.description}</p> : null}
          {registerButton ? <div className="class-cta">{registerButton}</div> : null}

          <h2 className="class-section-title">{t('classPage.details')}</h2>
          <dl className="class-facts">
            <Fact term={t('class.instructor')}>{item.instructor || t('format.tba')}</Fact>
            <Fact term={t('class.location')}>{item.location || t('format.tba')}</Fact>
            <Fact term={t('class.schedule')}>{scheduleText(item.days, item.schedule)}</Fact>
            <Fact term={t('class.startDate')}>{formatLongDate(item.startDate)}</Fact>
            <Fact term={t('class.time')}>{formatTimeRange(item.startDate, item.duration)}</Fact>
            <Fact term={t('class.duration')}>{formatDuration(item.duration)}</Fact>
            <Fact term={t('class.maxStudents')}>{item.maxStudents}</Fact>
          </dl>

          {sessions.length > 1 ? (
            <>
              <h2 className="class-section-title">{t('classPage.sessions')}</h2>
              <ol className="class-sessions">
                {sessions.map((date, index) => (
                  <li key={date.getTime()}>
                    <span className="class-sessions__label">{t('classPage.session', { number: index + 1 })}</span>
                    {cancelled.has(date.getTime()) ? (
                      <span>
                        <s>
                          {formatLongDate(date)} · {formatTimeRange(withTimeOf(date, item.startDate), item.duration)}
                        </s>{' '}
                        <strong>{t('classPage.sessionCancelled')}</strong>
                      </span>
                    ) : (
                      <span>
                        {formatLongDate(date)} · {formatTimeRange(withTimeOf(date, item.startDate), item.duration)}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </>
          ) : null}

          <DropInSessions item={item} />

          {item.information ? (
            <>
              <h2 className="class-section-title">{t('classPage.information')}</h2>
              <p className="class-information">{item.information}</p>
            </>
          ) : null}

          {materials.length > 0 ? (
            <>
              <h2 className="class-section-title">{t('classPage.materials')}</h2>
              <ol className="class-materials">
                {materials.map((material, index) => (
                  <li key={index}>{material}</li>
                ))}
              </ol>
            </>
          ) : null}
        </article>

        <aside className="class-side" aria-label={t('classPage.priceAndEnrollment')}>
          <div className="card class-price-card">
            <h2 className="class-section-title">{t('classPage.price')}</h2>
            {discounted ? (
              <p className="class-price">
                <span className="class-price__now">{formatPrice(item.discountPrice)}</span>
                <s className="class-price__was">
                  <span className="visually-hidden">{t('classPage.regularPrice')} </span>
                  {formatPrice(item.price)}
                </s>
                <span className="badge badge--open">
                  {t('classPage.save', { amount: formatPrice(item.price - (item.discountPrice ?? 0)) })}
                </span>
              </p>
            ) : (
              <p className="class-price">
                <span className="class-price__now">{formatPrice(item.price)}</span>
              </p>
            )}
            <h2 className="class-section-title">{t('classPage.enrollment')}</h2>
            <div
              className="enrollment-bar"
              role="progressbar"
              aria-label={t('classPage.enrollment')}
              aria-valuemin={0}
              aria-valuemax={item.maxStudents}
              aria-valuenow={item.enrolledStudents}
              aria-valuetext={t('class.enrolled', { enrolled: item.enrolledStudents, max: item.maxStudents })}
            >
              <span
                className={`enrollment-bar__fill${percent >= 90 ? ' is-high' : percent >= 70 ? ' is-mid' : ''}`}
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="enrollment-text" data-testid="enrollment-count">
              {t('class.enrolled', { enrolled: item.enrolledStudents, max: item.maxStudents })}
            </p>
            {waitlist ? <p className="class-waitlist-note">{t('classPage.waitlistNote')}</p> : null}
            {registerButton ? <div className="class-cta class-cta--block">{registerButton}</div> : null}
          </div>
        </aside>
      </div>
    </div>
  );
}

/** A session date carrying the class's time of day. */
function withTimeOf(date: Date, start: ClassItem['startDate']): Date {
  const out = new Date(date);
  const base = start instanceof Date ? start : start ? new Date(start) : null;
  if (base && !Number.isNaN(base.getTime())) out.setHours(base.getHours(), base.getMinutes(), 0, 0);
  return out;
}
