import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT } from '@/lib/i18n/useT';
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
  const t = useT();

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
    <form className="form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('site.contactForm.label')}>
      <div className="form-row form-row--2">
        <div className="field">
          <label htmlFor="contact-name">
            {t('site.contactForm.name')}{' '}
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
            {t('site.contactForm.email')}{' '}
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
          <label htmlFor="contact-subject">{t('site.contactForm.subject')}</label>
          <input id="contact-subject" name="subject" value={values.subject} onChange={(e) => set('subject', e.target.value)} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor="contact-inquiry">{t('site.contactForm.inquiry')}</label>
          <select
            id="contact-inquiry"
            name="inquiryType"
            value={values.inquiryType}
            onChange={(e) => set('inquiryType', e.target.value as Values['inquiryType'])}
          >
            <option value="">{t('site.contactForm.inquiryPick')}</option>
            {INQUIRY_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {t(`site.contactForm.type.${type.value}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="contact-message">
          {t('site.contactForm.message')}{' '}
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
          {localizeMessage(t, status.text)}
        </div>
      ) : status.kind === 'error' ? (
        <div className="alert alert--error" role="alert">
          {localizeMessage(t, status.text)}
        </div>
      ) : null}
      <button type="submit" className="btn btn--lg" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? t('site.contactForm.sending') : t('site.contactForm.send')}
      </button>
      <p className="muted small-note">{organizationId ? t('site.contactForm.orgReply') : t('site.contactForm.platformReply')}</p>
    </form>
  );
}
