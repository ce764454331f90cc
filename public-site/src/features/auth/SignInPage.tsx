import { Rich } from '@/lib/i18n/Rich';
import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT } from '@/lib/i18n/useT';
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
  const t = useT();

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
      <h1>{t('signin.title')}</h1>
      <p className="muted">{t('signin.intro')}</p>
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        {error ? <Alert tone="error">{localizeMessage(t, error)}</Alert> : null}
        <div className="field">
          <label htmlFor="signin-email">{t('signin.email')}</label>
          <input id="signin-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="signin-password">{t('signin.password')}</label>
          <input
            id="signin-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--lg btn--block" disabled={busy}>
          {busy ? t('signin.signing') : t('signin.submit')}
        </button>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onForgot}>
          {t('signin.forgot')}
        </button>
        <span>
          <Rich id="signin.newHere" components={{ 0: <Link href="/?signup=1" /> }} />
        </span>
      </div>
    </>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'sent' | 'error'; text: string }>({ kind: 'idle' });
  const t = useT();

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
        text: t('forgot.sent', { email: email.trim() }),
      });
    } catch (err) {
      setState({ kind: 'error', text: errorMessage(err, t('forgot.failed')) });
    }
  }

  return (
    <>
      <h1>{t('forgot.title')}</h1>
      <p className="muted">{t('forgot.intro')}</p>
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        {state.kind === 'sent' ? <Alert tone="success">{state.text}</Alert> : null}
        {state.kind === 'error' ? <Alert tone="error">{localizeMessage(t, state.text)}</Alert> : null}
        <div className="field">
          <label htmlFor="forgot-email">{t('signin.email')}</label>
          <input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <button type="submit" className="btn btn--lg btn--block" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? t('forgot.sending') : t('forgot.submit')}
        </button>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onBack}>
          {t('forgot.back')}
        </button>
      </div>
    </>
  );
}
