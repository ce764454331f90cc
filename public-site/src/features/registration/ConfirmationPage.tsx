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

  if (!state) {
    return (
      <div className="container section">
        <div className="card confirmation">
          <h1>No registration to show</h1>
          <p>
            We could not find a recent registration in this browser. The organization running the class has your registration and can
            confirm it.
          </p>
          <div className="confirmation__actions">
            <Link href={orgPath(orgId)} className="btn">
              Browse More Classes
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
        <h1>Registration Successful!</h1>
        {state.attendees?.length ? (
          <>
            <p className="confirmation__thanks">
              Thank you, {student.firstName}! {state.attendees.length === 1 ? '1 person is' : `${state.attendees.length} people are`}{' '}
              registered for <strong>{classDetails.title}</strong>:
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
            Thank you, {student.firstName}! You are registered for <strong>{classDetails.title}</strong>.
          </p>
        )}

        {paymentMethod === 'card' ? (
          <div className="alert alert--success" role="status">
            <strong className="alert__title">Payment Confirmed</strong>
            <p>We received your payment of {formatPrice(amount)}.</p>
            {state.transactionId ? <p>Transaction: {state.transactionId}</p> : null}
          </div>
        ) : (
          <div className="alert alert--warning">
            <strong className="alert__title">Payment Reminder</strong>
            <p>
              Please bring your payment of <strong>{formatPrice(amount)}</strong> to class. Payment is due before the class starts; cash,
              credit and debit are accepted. Please arrive 10-15 minutes early.
            </p>
          </div>
        )}

        <h2>Class Details</h2>
        <dl className="confirmation__facts">
          <Fact term="Class">{classDetails.title}</Fact>
          <Fact term="Instructor">{classDetails.instructor || 'TBA'}</Fact>
          <Fact term="Location">{classDetails.location || 'TBA'}</Fact>
          <Fact term="Start Date">{formatLongDate(classDetails.startDate)}</Fact>
          <Fact term="Time">{formatTimeRange(classDetails.startDate, classDetails.duration)}</Fact>
          {/* The confirmation email (with the calendar file) goes to this address. */}
          <Fact term="Registered email">{student.email}</Fact>
        </dl>

        <div className="confirmation__actions">
          <Link href={orgPath(orgId)} className="btn">
            Browse More Classes
          </Link>
          <Link href={classPath(classDetails.id, orgId)} className="btn btn--secondary">
            View Class Details
          </Link>
          {/* Every session of the class as an .ics file (the confirmation email carries the same file). */}
          <a
            href={`${env.apiBaseUrl}/api/classes/${encodeURIComponent(classDetails.id)}/calendar.ics`}
            className="btn btn--secondary"
            download
          >
            Add to calendar
          </a>
        </div>
      </div>
    </div>
  );
}
