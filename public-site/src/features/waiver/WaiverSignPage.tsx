import { currentLocale } from '@/lib/i18n/i18n';
import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT } from '@/lib/i18n/useT';
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

/** How each person is signed for: catalog keys (waiver namespace). */
const AS: Record<string, string> = { self: 'waiver.as.self', guardian: 'waiver.as.guardian', contact: 'waiver.as.contact' };

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
  const t = useT();

  useEffect(() => {
    let live = true;
    getWaiverLink(token).then(
      (link) => {
        if (!live) return;
        if (link.signed) setPhase({ kind: 'ended', message: t('waiver.alreadySigned') });
        else if (link.superseded)
          setPhase({
            kind: 'ended',
            message: t('waiver.superseded'),
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
    // The messages are read once, in the language of the moment the link is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // Focus moves to the result once it is on screen.
  useEffect(() => {
    if (phase.kind === 'signed') doneRef.current?.focus();
  }, [phase.kind]);

  async function sign(e: FormEvent) {
    e.preventDefault();
    if (sending || phase.kind !== 'ready') return;
    if (!agreed) return setError({ message: t('waiver.tickToSign'), field: 'agree' });
    const byGuardian = phase.link.guardianRequired;
    if (!name.trim())
      return setError({
        message: byGuardian ? t('forms.guardianRequired') : t('waiver.typeName'),
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

  if (phase.kind === 'loading') return <PageLoading message={t('waiver.loading')} />;
  if (phase.kind === 'ended' || phase.kind === 'failedToLoad')
    return (
      <Shell title={t('waiver.title')}>
        <Alert tone={phase.kind === 'ended' ? 'info' : 'error'} title={t('waiver.nothing')}>
          {localizeMessage(t, phase.message)}
        </Alert>
        <p>
          <Link href="/">{t('waiver.home')}</Link>
        </p>
      </Shell>
    );
  if (phase.kind === 'signed')
    return (
      <Shell title={t('waiver.signedTitle')}>
        <h2 ref={doneRef} tabIndex={-1} className="waiver-page__done">
          {t('waiver.thanks')}
        </h2>
        <p>{t('waiver.signedFor')}</p>
        <ul>
          {phase.names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
        <p>
          <Link href="/">{t('waiver.home')}</Link>
        </p>
      </Shell>
    );

  const { link } = phase;
  const nameError = error?.field === 'signedName' ? error.message : null;
  const agreeError = error?.field === 'agree' ? error.message : null;
  return (
    <Shell title={t('waiver.titleNamed', { title: link.waiverTitle })}>
      <p>{t('waiver.intro', { name: link.signerFirstName, organization: link.organizationName, version: link.version })}</p>
      <ul>
        {link.people.map((p) => (
          <li key={`${p.firstName} ${p.lastName} ${p.classTitle}`}>
            {t('waiver.person', {
              name: `${p.firstName} ${p.lastName}`,
              classTitle: p.classTitle,
              as: AS[p.signedAs] ? t(AS[p.signedAs]) : p.signedAs,
            })}
          </li>
        ))}
      </ul>
      {link.guardianRequired ? <p id="waiver-guardian-hint">{t('waiver.guardianHint', { name: link.signerFirstName })}</p> : null}
      <form className="stack" onSubmit={(e) => void sign(e)} noValidate>
        <div
          className="waiver-page__text"
          role="region"
          aria-label={t('waiver.textLabel', { title: link.waiverTitle, version: link.version })}
          tabIndex={0}
          // The server renders the Markdown with raw HTML turned off and safe links only (waiver-markdown.ts).
          dangerouslySetInnerHTML={{ __html: link.bodyHtml }}
        />
        {currentLocale() === 'en' ? null : <p className="muted">{t('waiver.languageNote')}</p>}
        <label className="checkbox">
          <input
            type="checkbox"
            name="agree"
            checked={agreed}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? 'waiver-agree-error' : undefined}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          <span>{t('waiver.agree')}</span>
        </label>
        <FieldError id="waiver-agree-error" error={agreeError} />
        <div className="field">
          <label htmlFor="waiver-signed-name">
            {link.guardianRequired ? t('waiver.guardianTypeName') : t('waiver.typeName')}{' '}
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
          <Alert tone="error" title={t('waiver.notSigned')}>
            {localizeMessage(t, error.message)}
          </Alert>
        ) : null}
        <p>
          <button type="submit" className="btn btn--lg" disabled={sending} aria-disabled={sending}>
            {sending ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
            {sending ? t('waiver.signing') : t('waiver.sign')}
          </button>
        </p>
        <p className="waiver-page__hash">{t('waiver.hash', { hash: link.sha256 })}</p>
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
