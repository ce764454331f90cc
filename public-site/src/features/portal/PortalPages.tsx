import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { formatPhoneInput } from '@/lib/phone';
import { formatPhone } from '@shared/us-phone-format';
import { queryParam } from '@/lib/routing';
import { useSeo } from '@/lib/seo';
import {
  cancelEnrollment,
  differenceText,
  download,
  forgetSession,
  getRegistrations,
  portalError,
  readSession,
  refundText,
  requestErasure,
  requestLink,
  signIn,
  signOut,
  transferEnrollment,
  transferOptions,
  updateProfile,
  type PortalEnrollment,
  type PortalRegistrations,
  type PortalSession,
  type PortalTransferOption,
} from './api/portal';
import { TopUpPayment } from './TopUpPayment';
import './portal.css';

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container portal-page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** /my?organizationId=…&email=…: asks for a sign-in link (the answer is the same whoever the email belongs to). */
export function PortalRequestPage() {
  useSeo('my-registrations');
  const search = useSearch();
  const organizationId = queryParam(search, 'organizationId', 'org') ?? readSession()?.organizationId ?? null;
  const [email, setEmail] = useState(queryParam(search, 'email') ?? '');
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string }
  >({
    kind: 'idle',
  });
  const [, navigate] = useLocation();
  useEffect(() => {
    if (readSession()) navigate('/my/registrations', { replace: true });
  }, [navigate]);

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (!organizationId || state.kind === 'sending') return;
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'sent', message: (await requestLink(organizationId, email.trim())).message });
    } catch (error) {
      setState({ kind: 'failed', message: portalError(error, 'We could not send the link. Please try again.') });
    }
  }

  return (
    <Shell title="My registrations">
      <div className="card stack portal-narrow">
        {!organizationId ? (
          <Alert tone="warning" title="Open this page from your email">
            Use the &lsquo;Manage your registration&rsquo; link in your confirmation email, so we know which organization you registered
            with.
          </Alert>
        ) : state.kind === 'sent' ? (
          <Alert tone="success" title="Check your email">
            {state.message}
          </Alert>
        ) : (
          <form className="form" onSubmit={(ev) => void submit(ev)} noValidate>
            <p>Enter the email you registered with. We will email you a link that signs you in to see and manage your registrations.</p>
            <div className="field">
              <label htmlFor="portal-email">Email</label>
              <input
                id="portal-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            {state.kind === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
            <button type="submit" className="btn btn--lg" disabled={state.kind === 'sending' || !email.trim()}>
              {state.kind === 'sending' ? 'Sending...' : 'Email me a sign-in link'}
            </button>
          </form>
        )}
      </div>
    </Shell>
  );
}

/**
 * /my/{token}: opening the link changes nothing (mail scanners open links); the button exchanges it for a session
 * (POST), once.
 */
export function PortalSignInPage() {
  useSeo('my-registrations');
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const [state, setState] = useState<{ kind: 'idle' | 'signing' } | { kind: 'failed'; message: string; gone: boolean }>({ kind: 'idle' });

  async function go() {
    if (state.kind === 'signing') return;
    setState({ kind: 'signing' });
    try {
      await signIn(token);
      navigate('/my/registrations', { replace: true });
    } catch (error) {
      const gone = typeof error === 'object' && error !== null && 'status' in error && (error as { status: number }).status === 410;
      setState({ kind: 'failed', gone, message: portalError(error, 'We could not sign you in. Please try again.') });
    }
  }

  return (
    <Shell title="My registrations">
      <div className="card stack portal-narrow">
        {state.kind === 'failed' ? (
          <Alert tone="error" title={state.gone ? 'This link can no longer be used' : 'Sign-in failed'}>
            {state.message}
          </Alert>
        ) : (
          <p>Your sign-in link works once. Continue to see and manage your registrations.</p>
        )}
        {state.kind === 'failed' && state.gone ? (
          <p>
            <Link href="/my" className="btn btn--lg">
              Request a new link
            </Link>
          </p>
        ) : (
          <p>
            <button type="button" className="btn btn--lg" onClick={() => void go()} disabled={state.kind === 'signing'}>
              {state.kind === 'signing' ? 'Signing in...' : 'Open my registrations'}
            </button>
          </p>
        )}
      </div>
    </Shell>
  );
}

const DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const when = (d: Date | string) => DATE.format(new Date(d));
const money = (n: number) => `$${n.toFixed(2)}`;

/** /my/registrations: the signed-in student's registrations and details. */
export function PortalPage() {
  useSeo('my-registrations');
  const [, navigate] = useLocation();
  const [session] = useState<PortalSession | null>(() => readSession());
  const [data, setData] = useState<PortalRegistrations | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function load() {
    if (!session) return;
    try {
      setData(await getRegistrations(session));
    } catch (e) {
      if (typeof e === 'object' && e !== null && (e as { status?: number }).status === 401) {
        forgetSession();
        navigate(`/my?organizationId=${encodeURIComponent(session.organizationId)}`, { replace: true });
        return;
      }
      setError(portalError(e, 'We could not load your registrations. Please try again.'));
    }
  }
  useEffect(() => {
    if (!session) navigate('/my', { replace: true });
    else void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!session) return null;
  if (error) return <Shell title="My registrations">{<Alert tone="error">{error}</Alert>}</Shell>;
  if (!data) return <Shell title="My registrations">{<p role="status">Loading your registrations...</p>}</Shell>;

  const current = data.enrollments.filter((e) => e.status === 'active' || e.status === 'held');
  const past = data.enrollments.filter((e) => e.status !== 'active' && e.status !== 'held');
  return (
    <Shell title="My registrations">
      <div className="portal-bar">
        <p>
          Signed in as <strong>{data.student.email}</strong> with {data.organization.name}
        </p>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => {
            void signOut(session);
            navigate(`/my?organizationId=${encodeURIComponent(session.organizationId)}`, { replace: true });
          }}
        >
          Sign out
        </button>
      </div>
      {notice ? (
        <Alert tone="success" title="Done">
          {notice}
        </Alert>
      ) : null}
      <section aria-labelledby="portal-current" className="stack">
        <h2 id="portal-current">Current registrations</h2>
        {current.length ? (
          current.map((e) => (
            <EnrollmentCard key={e.id} e={e} session={session} data={data} onChanged={(msg) => (setNotice(msg), void load())} />
          ))
        ) : (
          <p>You have no current registrations.</p>
        )}
      </section>
      {data.waitlist.length ? (
        <section aria-labelledby="portal-waitlist" className="stack">
          <h2 id="portal-waitlist">Waitlists</h2>
          <ul className="portal-list">
            {data.waitlist.map((w) => (
              <li key={w.id}>
                {w.classTitle}:{' '}
                {w.status === 'offered' && w.offerExpiresAt
                  ? `a seat is held for you until ${when(w.offerExpiresAt)}`
                  : `number ${w.position} on the waitlist`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {past.length ? (
        <section aria-labelledby="portal-past" className="stack">
          <h2 id="portal-past">Past and cancelled</h2>
          {past.map((e) => (
            <EnrollmentCard key={e.id} e={e} session={session} data={data} onChanged={() => void load()} />
          ))}
        </section>
      ) : null}
      <ContactDetails session={session} data={data} onSaved={(msg) => (setNotice(msg), void load())} />
    </Shell>
  );
}

function EnrollmentCard({
  e,
  session,
  data,
  onChanged,
}: {
  e: PortalEnrollment;
  session: PortalSession;
  data: PortalRegistrations;
  onChanged: (message: string) => void;
}) {
  const [mode, setMode] = useState<'none' | 'cancel' | 'switch' | 'pay'>('none');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [options, setOptions] = useState<PortalTransferOption[] | null>(null);
  const [choice, setChoice] = useState<string>('');
  const panelRef = useRef<HTMLDivElement>(null);
  const chosen = options?.find((o) => o.id === choice) ?? null;
  const who = e.student.id === data.student.id ? '' : ` for ${e.student.firstName} ${e.student.lastName}`;
  const open = (m: 'cancel' | 'switch') => {
    setMode(m);
    setProblem(null);
    requestAnimationFrame(() => panelRef.current?.focus());
    if (m === 'switch' && !options)
      transferOptions(session, e.id)
        .then(setOptions)
        .catch((err) => setProblem(portalError(err, 'We could not load the classes. Please try again.')));
  };

  async function act(run: () => Promise<string>) {
    setBusy(true);
    setProblem(null);
    try {
      const msg = await run();
      setMode('none');
      onChanged(msg);
    } catch (err) {
      setProblem(portalError(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const titleId = `enr-${e.id}`;
  return (
    <article className="card stack portal-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {e.class.title}
        {who}
      </h3>
      <p className="muted">
        {e.class.sessions.length > 1 ? `${e.class.sessions.length} sessions, first ` : ''}
        {when(e.class.sessions[0])} · {e.class.location}
      </p>
      <p>
        {e.status === 'cancelled' ? 'Cancelled' : 'Registered'} · {e.paymentMethod === 'card' ? 'Paid by card' : 'Pay in person'}
        {e.amountPaid > 0 ? ` · ${money(e.amountPaid)} paid` : ''}
        {e.refundedAmount > 0 ? ` · ${money(e.refundedAmount)} refunded` : ''}
        {e.balanceDue > 0 ? ` · ${money(e.balanceDue)} to pay in person at class` : ''}
      </p>
      <div className="portal-actions">
        {e.canCancel ? (
          <button type="button" className="btn btn--secondary" aria-expanded={mode === 'cancel'} onClick={() => open('cancel')}>
            Cancel registration
          </button>
        ) : null}
        {e.canTransfer ? (
          <button type="button" className="btn btn--secondary" aria-expanded={mode === 'switch'} onClick={() => open('switch')}>
            Switch class
          </button>
        ) : null}
        {e.paymentMethod === 'card' && e.amountPaid > 0 ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void download(session, `/api/portal/enrollments/${e.id}/receipt`, 'receipt.pdf')}
          >
            Receipt (PDF)
          </button>
        ) : null}
        {e.status === 'active' ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void download(session, `/api/portal/enrollments/${e.id}/calendar.ics`, 'class-sessions.ics')}
          >
            Add to calendar
          </button>
        ) : null}
      </div>
      {e.status === 'active' && !e.canCancel && data.rules.selfService ? (
        <p className="muted small-note">
          Cancelling here closed {when(e.cancelBefore)}. To change this registration, contact {data.organization.name}
          {data.organization.email ? ` at ${data.organization.email}` : ''}
          {data.organization.phone ? ` or ${data.organization.phone}` : ''}.
        </p>
      ) : null}
      {mode === 'cancel' ? (
        <div className="portal-panel" ref={panelRef} tabIndex={-1} role="group" aria-label="Cancel this registration">
          <p>
            <strong>{refundText(e)}</strong>
          </p>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div className="portal-actions">
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const r = await cancelEnrollment(session, e.id);
                  return `Your registration for ${e.class.title} is cancelled${r.refund ? `; ${money(r.refund.amount)} is on its way back to your card` : ''}.`;
                })
              }
            >
              {busy ? 'Cancelling...' : 'Yes, cancel'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setMode('none')}>
              Keep my registration
            </button>
          </div>
        </div>
      ) : null}
      {mode === 'switch' ? (
        <div className="portal-panel" ref={panelRef} tabIndex={-1} role="group" aria-label="Switch to another class">
          {!options && !problem ? <p role="status">Loading classes...</p> : null}
          {options && !options.length ? <p>No other class has a free seat right now.</p> : null}
          {options && options.length ? (
            <fieldset className="portal-options">
              <legend>Choose the class to switch to</legend>
              {options.map((o) => (
                <label key={o.id} className={`portal-option${o.available ? '' : ' is-disabled'}`}>
                  <input
                    type="radio"
                    name={`switch-${e.id}`}
                    value={o.id}
                    disabled={!o.available}
                    checked={choice === o.id}
                    onChange={() => setChoice(o.id)}
                  />
                  <span>
                    <strong>{o.title}</strong> · {when(o.startDate)} · {o.seatsLeft} {o.seatsLeft === 1 ? 'seat' : 'seats'} left ·{' '}
                    {differenceText(o.priceDifference)}
                    {o.needsPayment ? ' (paid by card)' : ''}
                    {o.available ? '' : ' (contact the organization to pay the difference)'}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div className="portal-actions">
            {chosen?.needsPayment ? (
              <>
                <button type="button" className="btn" onClick={() => setMode('pay')}>
                  Continue to pay {money(chosen.priceDifference)}
                </button>
                {data.rules.selfServiceTransferDifferenceInPerson ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    disabled={busy}
                    onClick={() =>
                      void act(async () => {
                        const r = await transferEnrollment(session, e.id, chosen.id, true);
                        return `You are now registered for ${r.className}; please pay the difference of ${money(r.balanceDue)} in person at class.`;
                      })
                    }
                  >
                    Switch and pay {money(chosen.priceDifference)} in person
                  </button>
                ) : null}
              </>
            ) : (
              <button
                type="button"
                className="btn"
                disabled={busy || !choice}
                onClick={() =>
                  void act(async () => {
                    const r = await transferEnrollment(session, e.id, choice);
                    return `You are now registered for ${r.className}${r.refund ? `; ${money(r.refund.amount)} is on its way back to your card` : ''}.`;
                  })
                }
              >
                {busy ? 'Switching...' : 'Switch class'}
              </button>
            )}
            <button type="button" className="btn btn--ghost" onClick={() => setMode('none')}>
              Keep this class
            </button>
          </div>
        </div>
      ) : null}
      {mode === 'pay' && chosen ? (
        <div className="portal-panel" role="group" aria-label={`Pay the difference to switch to ${chosen.title}`}>
          <TopUpPayment
            session={session}
            data={data}
            enrollmentId={e.id}
            option={chosen}
            onPaid={(msg) => (setMode('none'), onChanged(msg))}
            onBack={() => setMode('switch')}
          />
        </div>
      ) : null}
    </article>
  );
}

function ContactDetails({ session, data, onSaved }: { session: PortalSession; data: PortalRegistrations; onSaved: (m: string) => void }) {
  const [phone, setPhone] = useState(formatPhone(data.student.phone));
  const [optIn, setOptIn] = useState(data.student.communicationOptIn);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function save(ev: FormEvent) {
    ev.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await updateProfile(session, { phone, communicationOptIn: optIn });
      onSaved('Your contact details are saved.');
    } catch (err) {
      setProblem(portalError(err, 'We could not save your details. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="portal-details" className="card stack">
      <h2 id="portal-details">Contact details</h2>
      <form className="form" onSubmit={(ev) => void save(ev)} noValidate>
        <p className="muted">
          {data.student.firstName} {data.student.lastName} · {data.student.email} (your email is how we know you; to change it, contact{' '}
          {data.organization.name})
        </p>
        <div className="field">
          <label htmlFor="portal-phone">Phone</label>
          <input
            id="portal-phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone((prev) => formatPhoneInput(e.target.value, prev))}
          />
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={optIn} onChange={(e) => setOptIn(e.target.checked)} /> Send me news and reminders from{' '}
          {data.organization.name}
        </label>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="portal-actions">
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Saving...' : 'Save details'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => void download(session, '/api/portal/export', 'my-data.json')}>
            Download my data
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() =>
              void requestErasure(session)
                .then((r) => onSaved(r.message))
                .catch((err) => setProblem(portalError(err, 'We could not send your request. Please try again.')))
            }
          >
            Ask to erase my data
          </button>
        </div>
      </form>
    </section>
  );
}
