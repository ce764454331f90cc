// The student portal's pages: asking for a sign-in link, signing in with it, and the signed-in student's registrations.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { Rich } from '@/lib/i18n/Rich';
import { useT } from '@/lib/i18n/useT';
import { queryParam } from '@/lib/routing';
import { useSeo } from '@/lib/seo';
import {
  forgetSession,
  getRegistrations,
  portalError,
  readSession,
  requestLink,
  signIn,
  signOut,
  type PortalRegistrations,
  type PortalSession,
} from './api/portal';
import { ContactDetails } from './ContactDetails';
import { EnrollmentCard } from './EnrollmentCard';
import { PortalPlans } from './PortalPlans';
import { PortalMakeups } from './PortalMakeups';
import { PortalReceipts } from './PortalReceipts';
import { when } from './portalFormat';
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
  const t = useT();
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
      setState({ kind: 'failed', message: portalError(error, t('portal.request.sendFailed')) });
    }
  }

  return (
    <Shell title={t('portal.title')}>
      <div className="card stack portal-narrow">
        {!organizationId ? (
          <Alert tone="warning" title={t('portal.request.noOrgTitle')}>
            {t('portal.request.noOrgText')}
          </Alert>
        ) : state.kind === 'sent' ? (
          <Alert tone="success" title={t('portal.request.sentTitle')}>
            {localizeMessage(t, state.message)}
          </Alert>
        ) : (
          <form className="form" onSubmit={(ev) => void submit(ev)} noValidate>
            <p>{t('portal.request.intro')}</p>
            <div className="field">
              <label htmlFor="portal-email">{t('portal.request.email')}</label>
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
              {state.kind === 'sending' ? t('portal.request.sending') : t('portal.request.submit')}
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
  const t = useT();
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
      setState({ kind: 'failed', gone, message: portalError(error, t('portal.signIn.failed')) });
    }
  }

  return (
    <Shell title={t('portal.title')}>
      <div className="card stack portal-narrow">
        {state.kind === 'failed' ? (
          <Alert tone="error" title={state.gone ? t('portal.signIn.goneTitle') : t('portal.signIn.failedTitle')}>
            {state.message}
          </Alert>
        ) : (
          <p>{t('portal.signIn.intro')}</p>
        )}
        {state.kind === 'failed' && state.gone ? (
          <p>
            <Link href="/my" className="btn btn--lg">
              {t('portal.signIn.newLink')}
            </Link>
          </p>
        ) : (
          <p>
            <button type="button" className="btn btn--lg" onClick={() => void go()} disabled={state.kind === 'signing'}>
              {state.kind === 'signing' ? t('portal.signIn.signing') : t('portal.signIn.open')}
            </button>
          </p>
        )}
      </div>
    </Shell>
  );
}

/** /my/registrations: the signed-in student's registrations and details. */
export function PortalPage() {
  useSeo('my-registrations');
  const t = useT();
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
      setError(portalError(e, t('portal.loadFailed')));
    }
  }
  useEffect(() => {
    if (!session) navigate('/my', { replace: true });
    else void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!session) return null;
  if (error) return <Shell title={t('portal.title')}>{<Alert tone="error">{error}</Alert>}</Shell>;
  if (!data)
    return (
      <Shell title={t('portal.title')}>
        <p role="status">{t('portal.loading')}</p>
      </Shell>
    );

  const current = data.enrollments.filter((e) => e.status === 'active' || e.status === 'held');
  const past = data.enrollments.filter((e) => e.status !== 'active' && e.status !== 'held');
  return (
    <Shell title={t('portal.title')}>
      <div className="portal-bar">
        <p>
          <Rich
            id="portal.signedInAs"
            values={{ email: data.student.email, organization: data.organization.name }}
            components={{ 0: <strong /> }}
          />
        </p>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => {
            void signOut(session);
            navigate(`/my?organizationId=${encodeURIComponent(session.organizationId)}`, { replace: true });
          }}
        >
          {t('portal.signOut')}
        </button>
      </div>
      {notice ? (
        <Alert tone="success" title={t('portal.done')}>
          {localizeMessage(t, notice)}
        </Alert>
      ) : null}
      <section aria-labelledby="portal-current" className="stack">
        <h2 id="portal-current">{t('portal.current')}</h2>
        {current.length ? (
          current.map((e) => (
            <EnrollmentCard key={e.id} e={e} session={session} data={data} onChanged={(msg) => (setNotice(msg), void load())} />
          ))
        ) : (
          <p>{t('portal.noCurrent')}</p>
        )}
      </section>
      <PortalMakeups session={session} onBooked={() => void load()} />
      {data.waitlist.length ? (
        <section aria-labelledby="portal-waitlist" className="stack">
          <h2 id="portal-waitlist">{t('portal.waitlists')}</h2>
          <ul className="portal-list">
            {data.waitlist.map((w) => (
              <li key={w.id}>
                {w.status === 'offered' && w.offerExpiresAt
                  ? t('portal.waitlistOffered', { title: w.classTitle, until: when(w.offerExpiresAt) })
                  : t('portal.waitlistPosition', { title: w.classTitle, position: w.position })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {past.length ? (
        <section aria-labelledby="portal-past" className="stack">
          <h2 id="portal-past">{t('portal.past')}</h2>
          {past.map((e) => (
            <EnrollmentCard key={e.id} e={e} session={session} data={data} onChanged={() => void load()} />
          ))}
        </section>
      ) : null}
      <PortalPlans session={session} data={data} />
      <PortalReceipts session={session} studentId={data.student.id} />
      <ContactDetails session={session} data={data} onSaved={(msg) => (setNotice(msg), void load())} />
    </Shell>
  );
}
