import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT } from '@/lib/i18n/useT';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { useSeo } from '@/lib/seo';
import { leaveErrorMessage, leaveWaitlist } from './api/waitlist';
import '@/features/registration/RegisterPage.css';

type Phase = { kind: 'confirm' } | { kind: 'leaving' } | { kind: 'left' } | { kind: 'failed'; message: string };

/**
 * /waitlist/leave/{token}: opening the link changes nothing (mail scanners open links); the person
 * confirms with a button, which posts the leave, then sees that they are off the list.
 */
export function WaitlistLeavePage() {
  const { token = '' } = useParams<{ token: string }>();
  useSeo('waitlist-leave');
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  const doneRef = useRef<HTMLHeadingElement>(null);
  const t = useT();
  // Focus moves to the result once it is on screen (an effect runs after the commit; a timer set before the render
  // could fire first on a busy machine and find nothing to focus).
  useEffect(() => {
    if (phase.kind === 'left') doneRef.current?.focus();
  }, [phase.kind]);

  async function leave() {
    if (phase.kind === 'leaving') return;
    setPhase({ kind: 'leaving' });
    try {
      await leaveWaitlist(token);
      setPhase({ kind: 'left' });
    } catch (error) {
      setPhase({ kind: 'failed', message: leaveErrorMessage(error) });
    }
  }

  if (phase.kind === 'left') {
    return (
      <LeaveShell>
        <h2 ref={doneRef} tabIndex={-1} className="register-step-title">
          {t('waitlist.leftTitle')}
        </h2>
        <p>{t('waitlist.leftText')}</p>
        <p>
          <Link href="/">{t('waitlist.home')}</Link>
        </p>
      </LeaveShell>
    );
  }

  const leaving = phase.kind === 'leaving';
  return (
    <LeaveShell>
      <p>{t('waitlist.leaveIntro')}</p>
      {phase.kind === 'failed' ? (
        <Alert tone="error" title={t('waitlist.stillOn')}>
          {localizeMessage(t, phase.message)}
        </Alert>
      ) : null}
      <p>
        <button type="button" className="btn btn--lg" onClick={() => void leave()} disabled={leaving} aria-disabled={leaving}>
          {leaving ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
          {leaving ? t('waitlist.leaving') : t('waitlist.leave')}
        </button>
      </p>
    </LeaveShell>
  );
}

function LeaveShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="container register-page">
      <h1>{t('waitlist.leave')}</h1>
      <div className="card stack waitlist-leave">{children}</div>
    </div>
  );
}
