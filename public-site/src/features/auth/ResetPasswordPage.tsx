import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { errorMessage } from '@/lib/apiClient';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { queryParam } from '@/lib/routing';
import { useSeo } from '@/lib/seo';
import { PASSWORD_MIN_LENGTH } from '@/lib/validators';
import { confirmPasswordReset } from './api/authApi';
import './AuthPages.css';

/** /reset-password?token=… : choose a new password. */
export function ResetPasswordPage() {
  const token = queryParam(useSearch(), 'token');
  useOrganizationScope(null);
  useSeo('reset-password');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'done' } | { kind: 'error'; text: string }>({ kind: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token || state.kind === 'saving') return;
    if (!password) return setState({ kind: 'error', text: 'Password is required' });
    if (password.length < PASSWORD_MIN_LENGTH) return setState({ kind: 'error', text: 'Password must be at least 6 characters long' });
    if (password !== confirm) return setState({ kind: 'error', text: 'Passwords do not match' });
    setState({ kind: 'saving' });
    try {
      await confirmPasswordReset(token, password);
      setState({ kind: 'done' });
    } catch (err) {
      setState({ kind: 'error', text: errorMessage(err, 'This reset link is invalid or has expired. Please request a new one.') });
    }
  }

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Choose a new password</h1>
        {!token ? (
          <Alert tone="error" title="Invalid reset link">
            <p>This password reset link is missing its token.</p>
            <Link href="/forgot-password">Request a new link</Link>
          </Alert>
        ) : state.kind === 'done' ? (
          <Alert tone="success" title="Password updated">
            <p>Your password has been reset. You can now sign in with your new password.</p>
            <Link href="/signin" className="btn">
              Sign In
            </Link>
          </Alert>
        ) : (
          <form className="form" noValidate onSubmit={(e) => void submit(e)}>
            {state.kind === 'error' ? <Alert tone="error">{state.text}</Alert> : null}
            <div className="field">
              <label htmlFor="reset-password">New password</label>
              <input
                id="reset-password"
                type="password"
                autoComplete="new-password"
                aria-describedby="reset-hint"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <span id="reset-hint" className="field__hint">
                At least 6 characters.
              </span>
            </div>
            <div className="field">
              <label htmlFor="reset-confirm">Confirm new password</label>
              <input
                id="reset-confirm"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn--lg btn--block" disabled={state.kind === 'saving'}>
              {state.kind === 'saving' ? 'Saving...' : 'Reset Password'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
