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

  useSeo('class', {
    title: item?.title,
    description: item
      ? `${item.title}: ${scheduleText(item.days, item.schedule)} starting ${formatLongDate(item.startDate)}. ${item.description ?? ''}`.slice(
          0,
          300,
        )
      : undefined,
    siteName: organizationId && brandingReady ? branding.businessName : undefined,
  });

  if (state.loading) return <PageLoading message="Loading class details..." />;
  if (state.error || !item) {
    const message = state.error instanceof Error && state.error.message ? state.error.message : 'Failed to load class details';
    return (
      <div className="container class-page">
        <div className="card class-error" role="alert">
          <h1>Error Loading Class</h1>
          <p>{message}</p>
          <Link href={orgPath(queryOrg)} className="btn">
            Return to Available Classes
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
      Join the waitlist
    </Link>
  ) : open ? (
    <RegistrationOpening window={item.registrationWindow} termId={item.termId}>
      <Link href={registerPath(item.id, item.organizationId)} className="btn btn--lg">
        Register Now
      </Link>
    </RegistrationOpening>
  ) : null;

  return (
    <div className="container class-page">
      <div className="class-page__topbar">
        <Link href={orgPath(item.organizationId)} className="back-link">
          <span aria-hidden="true">←</span> Back to Classes
        </Link>
        {isAdmin ? <ViewSwitch mode={mode} onChange={setMode} /> : null}
      </div>

      {isAdmin && mode === 'admin' ? (
        <SharePanel
          title="Share this class"
          url={`${publicOrigin()}${classPath(item.id, item.organizationId)}`}
          fileName={`${slugify(item.title)}-qr.png`}
        />
      ) : null}

      <div className={`class-banner ${open && !waitlist ? 'class-banner--open' : 'class-banner--closed'}`}>
        <span>{waitlist ? 'Class is full: waitlist open' : open ? 'Class is open for registration' : 'Class is closed'}</span>
        <span className={`badge ${open ? 'badge--open' : 'badge--closed'}`}>{item.status}</span>
      </div>

      <div className="class-layout">
        <article className="card class-main">
          <h1 className="class-title">{item.title}</h1>
          {item.description ? <p className="class-description">{item.description}</p> : null}
          {registerButton ? <div className="class-cta">{registerButton}</div> : null}

          <h2 className="class-section-title">Class Details</h2>
          <dl className="class-facts">
            <Fact term="Instructor">{item.instructor || 'TBA'}</Fact>
            <Fact term="Location">{item.location || 'TBA'}</Fact>
            <Fact term="Schedule">{scheduleText(item.days, item.schedule)}</Fact>
            <Fact term="Start Date">{formatLongDate(item.startDate)}</Fact>
            <Fact term="Time">{formatTimeRange(item.startDate, item.duration)}</Fact>
            <Fact term="Duration">{formatDuration(item.duration)}</Fact>
            <Fact term="Max Students">{item.maxStudents}</Fact>
          </dl>

          {sessions.length > 1 ? (
            <>
              <h2 className="class-section-title">Session Schedule</h2>
              <ol className="class-sessions">
                {sessions.map((date, index) => (
                  <li key={date.getTime()}>
                    <span className="class-sessions__label">Session {index + 1}</span>
                    {cancelled.has(date.getTime()) ? (
                      <span>
                        <s>
                          {formatLongDate(date)} · {formatTimeRange(withTimeOf(date, item.startDate), item.duration)}
                        </s>{' '}
                        <strong>Cancelled</strong>
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

          {item.information ? (
            <>
              <h2 className="class-section-title">Class Information</h2>
              <p className="class-information">{item.information}</p>
            </>
          ) : null}

          {materials.length > 0 ? (
            <>
              <h2 className="class-section-title">Materials to Bring</h2>
              <ol className="class-materials">
                {materials.map((material, index) => (
                  <li key={index}>{material}</li>
                ))}
              </ol>
            </>
          ) : null}
        </article>

        <aside className="class-side" aria-label="Price and enrollment">
          <div className="card class-price-card">
            <h2 className="class-section-title">Price</h2>
            {discounted ? (
              <p className="class-price">
                <span className="class-price__now">{formatPrice(item.discountPrice)}</span>
                <s className="class-price__was">
                  <span className="visually-hidden">Regular price </span>
                  {formatPrice(item.price)}
                </s>
                <span className="badge badge--open">Save {formatPrice(item.price - (item.discountPrice ?? 0))}</span>
              </p>
            ) : (
              <p className="class-price">
                <span className="class-price__now">{formatPrice(item.price)}</span>
              </p>
            )}
            <h2 className="class-section-title">Enrollment</h2>
            <div
              className="enrollment-bar"
              role="progressbar"
              aria-label="Enrollment"
              aria-valuemin={0}
              aria-valuemax={item.maxStudents}
              aria-valuenow={item.enrolledStudents}
              aria-valuetext={`${item.enrolledStudents}/${item.maxStudents} enrolled`}
            >
              <span
                className={`enrollment-bar__fill${percent >= 90 ? ' is-high' : percent >= 70 ? ' is-mid' : ''}`}
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="enrollment-text" data-testid="enrollment-count">
              {item.enrolledStudents}/{item.maxStudents} enrolled
            </p>
            {waitlist ? (
              <p className="class-waitlist-note">This class is full. Join the waitlist to be offered the next free seat.</p>
            ) : null}
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
