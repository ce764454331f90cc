import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { errorMessage } from '@/lib/apiClient';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { useSeo } from '@/lib/seo';
import { validateEmail } from '@/lib/validators';
import { requestPasswordReset, signIn, SIGNIN_MESSAGES } from './api/authApi';
import './AuthPages.css';

export function landingPath(role: string): string {
  return role === 'teacher' ? '/teacher' : '/admin';
}

/** /signin (and /forgot-password): sign in for admins and teachers, then the admin app. */
export function SignInPage() {
  const [location] = useLocation();
  useOrganizationScope(null);
  useSeo('signin');
  const [mode, setMode] = useState<'signin' | 'forgot'>(location.startsWith('/forgot') ? 'forgot' : 'signin');
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        {mode === 'signin' ? <SignInForm onForgot={() => setMode('forgot')} /> : <ForgotForm onBack={() => setMode('signin')} />}
      </div>
    </div>
  );
}

function SignInForm({ onForgot }: { onForgot: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError(SIGNIN_MESSAGES.missing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await signIn(email, password);
      window.location.assign(landingPath(user.role));
    } catch (err) {
      setError(errorMessage(err, SIGNIN_MESSAGES.invalid));
      setBusy(false);
    }
  }

  return (
    <>
      <h1>Sign In</h1>
      <p className="muted">Sign in to manage your organization’s classes, students and payments.</p>
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="field">
          <label htmlFor="signin-email">Email</label>
          <input id="signin-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="signin-password">Password</label>
          <input
            id="signin-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--lg btn--block" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot your password?
        </button>
        <span>
          New here? <Link href="/?signup=1">Create an organization</Link>
        </span>
      </div>
    </>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'sent' | 'error'; text: string }>({ kind: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const problem = validateEmail(email);
    if (problem) {
      setState({ kind: 'error', text: problem });
      return;
    }
    setState({ kind: 'sending' });
    try {
      await requestPasswordReset(email);
      setState({
        kind: 'sent',
        text: `If an account exists for ${email.trim()}, we have sent a link to reset the password. Check your inbox.`,
      });
    } catch (err) {
      setState({ kind: 'error', text: errorMessage(err, 'Could not send the reset link. Please try again.') });
    }
  }

  return (
    <>
      <h1>Reset your password</h1>
      <p className="muted">Enter the email you sign in with and we will send you a reset link.</p>
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        {state.kind === 'sent' ? <Alert tone="success">{state.text}</Alert> : null}
        {state.kind === 'error' ? <Alert tone="error">{state.text}</Alert> : null}
        <div className="field">
          <label htmlFor="forgot-email">Email</label>
          <input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <button type="submit" className="btn btn--lg btn--block" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </>
  );
}
