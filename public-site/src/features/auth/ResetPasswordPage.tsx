import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT } from '@/lib/i18n/useT';
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
  const t = useT();

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
      setState({ kind: 'error', text: errorMessage(err, t('reset.failed')) });
    }
  }

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>{t('reset.title')}</h1>
        {!token ? (
          <Alert tone="error" title={t('reset.invalidTitle')}>
            <p>{t('reset.missingToken')}</p>
            <Link href="/forgot-password">{t('reset.newLink')}</Link>
          </Alert>
        ) : state.kind === 'done' ? (
          <Alert tone="success" title={t('reset.doneTitle')}>
            <p>{t('reset.doneText')}</p>
            <Link href="/signin" className="btn">
              {t('reset.signIn')}
            </Link>
          </Alert>
        ) : (
          <form className="form" noValidate onSubmit={(e) => void submit(e)}>
            {state.kind === 'error' ? <Alert tone="error">{localizeMessage(t, state.text)}</Alert> : null}
            <div className="field">
              <label htmlFor="reset-password">{t('reset.password')}</label>
              <input
                id="reset-password"
                type="password"
                autoComplete="new-password"
                aria-describedby="reset-hint"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <span id="reset-hint" className="field__hint">
                {t('reset.hint')}
              </span>
            </div>
            <div className="field">
              <label htmlFor="reset-confirm">{t('reset.confirm')}</label>
              <input
                id="reset-confirm"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn--lg btn--block" disabled={state.kind === 'saving'}>
              {state.kind === 'saving' ? t('reset.saving') : t('reset.submit')}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
