import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Modal } from '@/components/ui/Modal';
import { trackConversion } from './abTest';
import { track } from '@/lib/analytics';
import { errorMessage } from '@/lib/apiClient';
import { validateAdminAccount, validateOrganizationDetails } from './organizationFormRules';
import { registerOrganization } from './api/registerOrganization';

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  organizationName: '',
  domain: '',
};
type Values = typeof EMPTY;

/**
 * Organization registration dialog (spec 1 §2, §4, §5): step 1 admin account, step 2 organization.
 * Closing resets the form. On success the browser goes to the admin app.
 */
export function OrgRegistrationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    if (busy) return;
    setStep(1);
    setValues(EMPTY);
    setError(null);
    onClose();
  }

  function set(field: keyof Values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  }

  function next(event: FormEvent) {
    event.preventDefault();
    const problem = validateAdminAccount(values);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setStep(2);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = validateOrganizationDetails(values);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await registerOrganization(values);
      track('organization_created', { source: 'registration_dialog' });
      trackConversion('headline', 'organization_created');
      trackConversion('cta', 'organization_created');
      setBusy(false);
      setStep(1);
      setValues(EMPTY);
      onClose();
      window.location.assign('/admin');
    } catch (err) {
      setError(errorMessage(err, 'Failed to create organization. Please try again.'));
      setBusy(false);
    }
  }

  const field = (name: keyof Values, label: string, type = 'text', autoComplete?: string, optional = false) => (
    <div className="field">
      <label htmlFor={`reg-${name}`}>
        {label}
        {optional ? <span className="muted"> (optional)</span> : null}
      </label>
      <input
        id={`reg-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      />
    </div>
  );

  return (
    <Modal open={open} onClose={close} title={step === 1 ? 'Create your admin account' : 'Tell us about your organization'}>
      <p className="muted dialog-step">Step {step} of 2</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {step === 1 ? (
        <form className="form" noValidate onSubmit={next} aria-label="Admin account">
          <div className="form-row form-row--2">
            {field('firstName', 'First name', 'text', 'given-name')}
            {field('lastName', 'Last name', 'text', 'family-name')}
          </div>
          {field('email', 'Email', 'email', 'email')}
          {field('password', 'Password', 'password', 'new-password')}
          {field('confirmPassword', 'Confirm password', 'password', 'new-password')}
          <div className="modal__actions">
            <button type="button" className="btn btn--ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn">
              Next
            </button>
          </div>
        </form>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Organization details">
          {field('organizationName', 'Organization name', 'text', 'organization')}
          {field('domain', 'Website domain', 'text', 'url', true)}
          <p className="muted small-print">
            By creating an organization you agree to the <a href="/teacher-terms">Organization Terms</a> and{' '}
            <a href="/teacher-privacy">Privacy Policy</a>. Free to start, no credit card required.
          </p>
          <div className="modal__actions">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                setStep(1);
                setError(null);
              }}
              disabled={busy}
            >
              Back
            </button>
            <button type="submit" className="btn" disabled={busy}>
              {busy ? 'Creating...' : 'Create Organization'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
