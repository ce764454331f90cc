// The student's own contact details on the portal page, and their data rights: download their data, ask to erase it.
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { formatPhoneInput } from '@/lib/phone';
import { formatPhone } from '@shared/us-phone-format';
import { download, portalError, requestErasure, updateProfile, type PortalRegistrations, type PortalSession } from './api/portal';

/** The phone and opt-in the student may change; the email is how the organization knows them, so it stays. */
export function ContactDetails({
  session,
  data,
  onSaved,
}: {
  session: PortalSession;
  data: PortalRegistrations;
  onSaved: (m: string) => void;
}) {
  const [phone, setPhone] = useState(formatPhone(data.student.phone));
  const [optIn, setOptIn] = useState(data.student.communicationOptIn);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function save(ev: FormEvent) {
    ev.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await updateProfile(session, { phone, communicationOptIn: optIn });
      onSaved('Your contact details are saved.');
    } catch (err) {
      setProblem(portalError(err, 'We could not save your details. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="portal-details" className="card stack">
      <h2 id="portal-details">Contact details</h2>
      <form className="form" onSubmit={(ev) => void save(ev)} noValidate>
        <p className="muted">
          {data.student.firstName} {data.student.lastName} · {data.student.email} (your email is how we know you; to change it, contact{' '}
          {data.organization.name})
        </p>
        <div className="field">
          <label htmlFor="portal-phone">Phone</label>
          <input
            id="portal-phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone((prev) => formatPhoneInput(e.target.value, prev))}
          />
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={optIn} onChange={(e) => setOptIn(e.target.checked)} /> Send me news and reminders from{' '}
          {data.organization.name}
        </label>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="portal-actions">
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Saving...' : 'Save details'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => void download(session, '/api/portal/export', 'my-data.json')}>
            Download my data
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() =>
              void requestErasure(session)
                .then((r) => onSaved(r.message))
                .catch((err) => setProblem(portalError(err, 'We could not send your request. Please try again.')))
            }
          >
            Ask to erase my data
          </button>
        </div>
      </form>
    </section>
  );
}
