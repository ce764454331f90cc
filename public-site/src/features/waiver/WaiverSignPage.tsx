import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { PageLoading } from '@/components/ui/PageLoading';
import { useSeo } from '@/lib/seo';
import { getWaiverLink, signWaiverLink, WAIVER_LINK_MESSAGES, waiverLinkError, type WaiverLink } from './api/waiverLink';
import { FieldError } from '@/components/ui/FieldError';
import './waiver.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ended'; message: string }
  | { kind: 'failedToLoad'; message: string }
  | { kind: 'ready'; link: WaiverLink }
  | { kind: 'signed'; names: string[] };

const AS: Record<string, string> = { self: 'for yourself', guardian: 'as parent or guardian', contact: 'as the registration’s contact' };

/**
 * /waiver/{token}: the new version of a waiver the person signed an older version of. Opening the link only shows
 * the text (mail scanners open links); ticking 'I have read and agree' and typing the full name, then Sign, POSTs
 * the signature.
 */
export function WaiverSignPage() {
  const { token = '' } = useParams<{ token: string }>();
  useSeo('waiver-sign');
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [agreed, setAgreed] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [sending, setSending] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    getWaiverLink(token).then(
      (link) => {
        if (!live) return;
        if (link.signed) setPhase({ kind: 'ended', message: 'This waiver was already signed with this link. Thank you.' });
        else if (link.superseded)
          setPhase({
            kind: 'ended',
            message: 'A newer version of this waiver has been published since this link was sent. Please use the link in the newest email.',
          });
        else setPhase({ kind: 'ready', link });
      },
      (e: unknown) => {
        if (!live) return;
        const r = waiverLinkError(e, WAIVER_LINK_MESSAGES.loadFailed);
        setPhase(r.ended ? { kind: 'ended', message: r.message } : { kind: 'failedToLoad', message: r.message });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  // Focus moves to the result once it is on screen.
  useEffect(() => {
    if (phase.kind === 'signed') doneRef.current?.focus();
  }, [phase.kind]);

  async function sign(e: FormEvent) {
    e.preventDefault();
    if (sending || phase.kind !== 'ready') return;
    if (!agreed) return setError({ message: 'Tick “I have read and agree” to sign.', field: 'agree' });
    const byGuardian = phase.link.guardianRequired;
    if (!name.trim())
      return setError({
        message: byGuardian ? 'Enter the parent or guardian’s full name' : 'Type your full name to sign',
        field: 'signedName',
      });
    setSending(true);
    setError(null);
    try {
      const done = await signWaiverLink(token, name, byGuardian);
      setPhase({ kind: 'signed', names: done.people.map((p) => `${p.firstName} ${p.lastName} (${p.classTitle})`) });
    } catch (err) {
      const r = waiverLinkError(err, WAIVER_LINK_MESSAGES.signFailed);
      if (r.ended) setPhase({ kind: 'ended', message: r.message });
      else setError(r);
    } finally {
      setSending(false);
    }
  }

  if (phase.kind === 'loading') return <PageLoading message="Loading the waiver..." />;
  if (phase.kind === 'ended' || phase.kind === 'failedToLoad')
    return (
      <Shell title="Sign the updated waiver">
        <Alert tone={phase.kind === 'ended' ? 'info' : 'error'} title="Nothing to sign here">
          {phase.message}
        </Alert>
        <p>
          <Link href="/">Back to the home page</Link>
        </p>
      </Shell>
    );
  if (phase.kind === 'signed')
    return (
      <Shell title="Waiver signed">
        <h2 ref={doneRef} tabIndex={-1} className="waiver-page__done">
          Thank you, your signature is recorded
        </h2>
        <p>You signed the new version for:</p>
        <ul>
          {phase.names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
        <p>
          <Link href="/">Back to the home page</Link>
        </p>
      </Shell>
    );

  const { link } = phase;
  const nameError = error?.field === 'signedName' ? error.message : null;
  const agreeError = error?.field === 'agree' ? error.message : null;
  return (
    <Shell title={`Sign the updated “${link.waiverTitle}”`}>
      <p>
        Hi {link.signerFirstName}, {link.organizationName} has updated this waiver (version {link.version}). Please read it and sign it for:
      </p>
      <ul>
        {link.people.map((p) => (
          <li key={`${p.firstName} ${p.lastName} ${p.classTitle}`}>
            {p.firstName} {p.lastName}, {p.classTitle} ({AS[p.signedAs] ?? p.signedAs})
          </li>
        ))}
      </ul>
      {link.guardianRequired ? (
        <p id="waiver-guardian-hint">
          {link.signerFirstName} is under 18 on the first day of class, so a parent or guardian reads and signs this waiver for them.
        </p>
      ) : null}
      <form className="stack" onSubmit={(e) => void sign(e)} noValidate>
        <div
          className="waiver-page__text"
          role="region"
          aria-label={`${link.waiverTitle} (version ${link.version})`}
          tabIndex={0}
          // The server renders the Markdown with raw HTML turned off and safe links only (waiver-markdown.ts).
          dangerouslySetInnerHTML={{ __html: link.bodyHtml }}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="agree"
            checked={agreed}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? 'waiver-agree-error' : undefined}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          <span>I have read and agree</span>
        </label>
        <FieldError id="waiver-agree-error" error={agreeError} />
        <div className="field">
          <label htmlFor="waiver-signed-name">
            {link.guardianRequired ? 'Parent or guardian: type your full name to sign' : 'Type your full name to sign'}{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id="waiver-signed-name"
            name="signedName"
            type="text"
            autoComplete={link.guardianRequired ? 'off' : 'name'}
            required
            aria-required="true"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={
              [link.guardianRequired ? 'waiver-guardian-hint' : null, nameError ? 'waiver-signed-name-error' : null]
                .filter(Boolean)
                .join(' ') || undefined
            }
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <FieldError id="waiver-signed-name-error" error={nameError} />
        </div>
        {error && !error.field ? (
          <Alert tone="error" title="Not signed yet">
            {error.message}
          </Alert>
        ) : null}
        <p>
          <button type="submit" className="btn btn--lg" disabled={sending} aria-disabled={sending}>
            {sending ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
            {sending ? 'Signing...' : 'Sign'}
          </button>
        </p>
        <p className="waiver-page__hash">Text SHA-256: {link.sha256}</p>
      </form>
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container waiver-page">
      <h1>{title}</h1>
      <div className="card stack">{children}</div>
    </div>
  );
}
