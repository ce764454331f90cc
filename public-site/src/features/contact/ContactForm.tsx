import { useRef, useState, type FormEvent } from 'react';
import { CONTACT_MESSAGES, contactFailureText, INQUIRY_TYPES, sendContactMessage, type ContactInput } from './api/sendContactMessage';

type Values = Omit<ContactInput, 'organizationId'>;
const EMPTY: Values = { name: '', email: '', subject: '', message: '', inquiryType: '' };

type Status = { kind: 'idle' | 'sending' } | { kind: 'success' | 'error'; text: string };

/** Contact form (spec 2 §2, §4): idle → sending → success or error; a second submit is blocked while sending. */
export function ContactForm({ organizationId }: { organizationId: string | null }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sending = useRef(false);

  function set<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (status.kind === 'success' || status.kind === 'error') setStatus({ kind: 'idle' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    if (!values.name.trim() || !values.email.trim() || !values.message.trim()) {
      setStatus({ kind: 'error', text: CONTACT_MESSAGES.required });
      return;
    }
    sending.current = true;
    setStatus({ kind: 'sending' });
    try {
      await sendContactMessage({ ...values, organizationId });
      setValues(EMPTY);
      setStatus({ kind: 'success', text: CONTACT_MESSAGES.success });
    } catch (error) {
      setStatus({ kind: 'error', text: contactFailureText(error) });
    } finally {
      sending.current = false;
    }
  }

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Contact form">
      <div className="form-row form-row--2">
        <div className="field">
          <label htmlFor="contact-name">
            Full Name{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id="contact-name"
            name="name"
            autoComplete="name"
            required
            aria-required="true"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="contact-email">
            Email Address{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-required="true"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </div>
      </div>
      {organizationId ? (
        <div className="field">
          <label htmlFor="contact-subject">Subject</label>
          <input id="contact-subject" name="subject" value={values.subject} onChange={(e) => set('subject', e.target.value)} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor="contact-inquiry">Inquiry Type</label>
          <select
            id="contact-inquiry"
            name="inquiryType"
            value={values.inquiryType}
            onChange={(e) => set('inquiryType', e.target.value as Values['inquiryType'])}
          >
            <option value="">Select an inquiry type</option>
            {INQUIRY_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="contact-message">
          Message{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          aria-required="true"
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </div>
      {status.kind === 'success' ? (
        <div className="alert alert--success" role="status">
          {status.text}
        </div>
      ) : status.kind === 'error' ? (
        <div className="alert alert--error" role="alert">
          {status.text}
        </div>
      ) : null}
      <button type="submit" className="btn btn--lg" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
      <p className="muted small-note">
        {organizationId
          ? 'We usually reply within 24 hours.'
          : "We respond within 2-4 hours during business hours. For urgent technical issues, email us with 'URGENT' in the subject line."}
      </p>
    </form>
  );
}
