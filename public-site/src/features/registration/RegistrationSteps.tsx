import { useT } from '@/lib/i18n/useT';
/** The two steps of registration (spec 2 §2), shared by the registration page and the waitlist offer page. */
export function RegistrationSteps({ step }: { step: 1 | 2 }) {
  const t = useT();
  return (
    <ol className="steps" aria-label={t('steps.label')}>
      <li className={step === 1 ? 'is-current' : 'is-done'} aria-current={step === 1 ? 'step' : undefined}>
        <span className="steps__num" aria-hidden="true">
          1
        </span>{' '}
        {t('steps.details')}
      </li>
      <li className={step === 2 ? 'is-current' : ''} aria-current={step === 2 ? 'step' : undefined}>
        <span className="steps__num" aria-hidden="true">
          2
        </span>{' '}
        {t('steps.payment')}
      </li>
    </ol>
  );
}
