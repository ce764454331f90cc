import { Rich } from '@/lib/i18n/Rich';
import { useT } from '@/lib/i18n/useT';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { formatLongDate, formatPrice, formatTimeRange } from '@/lib/classFormat';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { classPath, orgPath, queryParam } from '@/lib/routing';
import { useSeo } from '@/lib/seo';
import { loadConfirmation } from './confirmationState';
import { Fact } from '@/components/ui/Fact';
import './RegisterPage.css';
import { env } from '@/config/env';

/** /confirmation (spec 2 §2): state from history, or from sessionStorage after a reload. */
export function ConfirmationPage() {
  const queryOrg = queryParam(useSearch(), 'org', 'organizationId');
  const [state] = useState(() => loadConfirmation(window.history.state));
  const orgId = queryOrg ?? state?.student.organizationId ?? state?.classDetails.organizationId ?? null;
  const { branding } = useOrganizationScope(orgId);
  useSeo('confirmation', { siteName: orgId ? branding.businessName : undefined });
  const t = useT();

  if (!state) {
    return (
      <div className="container section">
        <div className="card confirmation">
          <h1>{t('confirmation.noneTitle')}</h1>
          <p>{t('confirmation.noneText')}</p>
          <div className="confirmation__actions">
            <Link href={orgPath(orgId)} className="btn">
              {t('confirmation.browseMore')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const { classDetails, student, amount, paymentMethod } = state;
  return (
    <div className="container section">
      <div className="card confirmation">
        <span className="confirmation__icon" aria-hidden="true">
          ✓
        </span>
        <h1>{t('confirmation.title')}</h1>
        {state.attendees?.length ? (
          <>
            <p className="confirmation__thanks">
              <Rich
                id="confirmation.thanksPeople"
                values={{ name: student.firstName, count: state.attendees.length, title: classDetails.title }}
                components={{ 0: <strong /> }}
              />
            </p>
            <ul className="confirmation__people">
              {state.attendees.map((a) => (
                <li key={`${a.firstName} ${a.lastName}`}>
                  {a.firstName} {a.lastName}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="confirmation__thanks">
            <Rich id="confirmation.thanks" values={{ name: student.firstName, title: classDetails.title }} components={{ 0: <strong /> }} />
          </p>
        )}

        {paymentMethod === 'card' ? (
          <div className="alert alert--success" role="status">
            <strong className="alert__title">{t('confirmation.paid')}</strong>
            <p>{t('confirmation.paidText', { amount: formatPrice(amount) })}</p>
            {state.transactionId ? <p>{t('confirmation.transaction', { id: state.transactionId })}</p> : null}
          </div>
        ) : (
          <div className="alert alert--warning">
            <strong className="alert__title">{t('confirmation.reminder')}</strong>
            <p>
              <Rich id="confirmation.reminderText" values={{ amount: formatPrice(amount) }} components={{ 0: <strong /> }} />
            </p>
          </div>
        )}

        <h2>{t('classPage.details')}</h2>
        <dl className="confirmation__facts">
          <Fact term={t('confirmation.class')}>{classDetails.title}</Fact>
          <Fact term={t('class.instructor')}>{classDetails.instructor || t('format.tba')}</Fact>
          <Fact term={t('class.location')}>{classDetails.location || t('format.tba')}</Fact>
          <Fact term={t('class.startDate')}>{formatLongDate(classDetails.startDate)}</Fact>
          <Fact term={t('class.time')}>{formatTimeRange(classDetails.startDate, classDetails.duration)}</Fact>
          {/* The confirmation email (with the calendar file) goes to this address. */}
          <Fact term={t('confirmation.email')}>{student.email}</Fact>
        </dl>

        <div className="confirmation__actions">
          <Link href={orgPath(orgId)} className="btn">
            {t('confirmation.browseMore')}
          </Link>
          <Link href={classPath(classDetails.id, orgId)} className="btn btn--secondary">
            {t('confirmation.viewClass')}
          </Link>
          {/* Every session of the class as an .ics file (the confirmation email carries the same file). */}
          <a
            href={`${env.apiBaseUrl}/api/classes/${encodeURIComponent(classDetails.id)}/calendar.ics`}
            className="btn btn--secondary"
            download
          >
            {t('confirmation.addToCalendar')}
          </a>
        </div>
      </div>
    </div>
  );
}
