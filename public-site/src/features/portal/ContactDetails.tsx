// The student's own contact details on the portal page, and their data rights: download their data, ask to erase it.
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { useT } from '@/lib/i18n/useT';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locales';
import { formatPhoneInput } from '@/lib/phone';
import { formatPhone } from '@shared/us-phone-format';
import { download, portalError, requestErasure, updateProfile, type PortalRegistrations, type PortalSession } from './api/portal';

/**
 * The phone, opt-in and messages' language the student may change; the email is how the organization knows them, so
 * it stays. The language is the one their emails and texts are written in (issue 42 §2), not this page's.
 */
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
  const [language, setLanguage] = useState<Locale | 'default'>(data.student.language ?? 'default');
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function save(ev: FormEvent) {
    ev.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await updateProfile(session, { phone, communicationOptIn: optIn, language: language === 'default' ? null : language });
      onSaved(t('portal.details.saved'));
    } catch (err) {
      setProblem(portalError(err, t('portal.details.saveFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="portal-details" className="card stack">
      <h2 id="portal-details">{t('portal.details.title')}</h2>
      <form className="form" onSubmit={(ev) => void save(ev)} noValidate>
        <p className="muted">
          {t('portal.details.who', {
            name: `${data.student.firstName} ${data.student.lastName}`,
            email: data.student.email,
            organization: data.organization.name,
          })}
        </p>
        <div className="field">
          <label htmlFor="portal-phone">{t('portal.details.phone')}</label>
          <input
            id="portal-phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone((prev) => formatPhoneInput(e.target.value, prev))}
          />
        </div>
        <div className="field">
          <label htmlFor="portal-language">{t('portal.details.language')}</label>
          <select id="portal-language" value={language} onChange={(e) => setLanguage(e.target.value as Locale | 'default')}>
            <option value="default">{t('portal.details.languageDefault')}</option>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={optIn} onChange={(e) => setOptIn(e.target.checked)} />{' '}
          {t('portal.details.optIn', { organization: data.organization.name })}
        </label>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="portal-actions">
          <button type="submit" className="btn" disabled={busy}>
            {busy ? t('portal.details.saving') : t('portal.details.save')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => void download(session, '/api/portal/export', 'my-data.json')}>
            {t('portal.details.download')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() =>
              void requestErasure(session)
                .then((r) => onSaved(r.message))
                .catch((err) => setProblem(portalError(err, t('portal.details.eraseFailed'))))
            }
          >
            {t('portal.details.erase')}
          </button>
        </div>
      </form>
    </section>
  );
}
