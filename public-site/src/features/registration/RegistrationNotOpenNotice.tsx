import { useT } from '@/lib/i18n/useT';
import { useOpeningGate, type RegistrationWindowInfo } from '@/components/class/RegistrationOpening';
import { Alert } from '@/components/ui/Alert';

/**
 * On the register page while the class's registration has not opened (the page was opened early, or the server
 * refused a registration as too early): when it opens, in the organization's time zone, and a live countdown. The
 * form stays usable so a family can type its details ahead; the notice goes away by itself at the opening.
 */
export function RegistrationNotOpenNotice({
  window: w,
  termId,
}: {
  window: RegistrationWindowInfo | null | undefined;
  termId?: string | null;
}) {
  const { waiting, label, countdown } = useOpeningGate(w, termId);
  const t = useT();
  if (!waiting) return null;
  return (
    <div className="registration-not-open">
      <Alert tone="info" title={t('register.notOpenTitle')}>
        <p className="registration-not-open__when">{label}</p>
        {countdown ? (
          <p className="registration-not-open__countdown" aria-live="off">
            {countdown.lead} <strong>{countdown.left}</strong>
          </p>
        ) : null}
        <p>{t('register.notOpenText')}</p>
      </Alert>
    </div>
  );
}
