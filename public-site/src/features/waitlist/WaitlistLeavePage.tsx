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
          You have left the waitlist
        </h2>
        <p>We will not offer you a seat or send you waitlist messages for this class any more.</p>
        <p>
          <Link href="/">Back to the home page</Link>
        </p>
      </LeaveShell>
    );
  }

  const leaving = phase.kind === 'leaving';
  return (
    <LeaveShell>
      <p>
        Leave the waitlist if you no longer want a seat in this class. Your place goes to the next person; if you join again later, you join
        at the end of the list.
      </p>
      {phase.kind === 'failed' ? (
        <Alert tone="error" title="You are still on the waitlist">
          {phase.message}
        </Alert>
      ) : null}
      <p>
        <button type="button" className="btn btn--lg" onClick={() => void leave()} disabled={leaving} aria-disabled={leaving}>
          {leaving ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
          {leaving ? 'Leaving...' : 'Leave the waitlist'}
        </button>
      </p>
    </LeaveShell>
  );
}

function LeaveShell({ children }: { children: ReactNode }) {
  return (
    <div className="container register-page">
      <h1>Leave the waitlist</h1>
      <div className="card stack waitlist-leave">{children}</div>
    </div>
  );
}
