import { Rich } from '@/lib/i18n/Rich';
import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT, type Translate } from '@/lib/i18n/useT';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { ClassScheduleFacts } from '@/components/class/ClassScheduleFacts';
import { Alert } from '@/components/ui/Alert';
import { PageLoading } from '@/components/ui/PageLoading';
import { ApiError } from '@/lib/apiClient';
import { displayPhone } from '@shared/us-phone-format';
import { formatLongDate, formatTime, toDate } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';
import { getClass } from '@/lib/publicApi';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { classPath } from '@/lib/routing';
import { useSeo } from '@/lib/seo';
import { useAsync } from '@/lib/useAsync';
import { HoldCountdown, type HoldCountdownTexts } from '@/features/registration/HoldCountdown';
import { holdEndsAt } from '@/features/registration/holdTimer';
import { PaymentStep } from '@/features/registration/PaymentStep';
import { PriceFact } from '@/features/registration/PriceQuote';
import { useCheckout, type Checkout } from '@/features/registration/useCheckout';
import { RegistrationSteps } from '@/features/registration/RegistrationSteps';
import { StudentForm, type SubmitPhase } from '@/features/registration/StudentForm';
import { RegistrationFormFields } from '@/features/registration/RegistrationFormFields';
import {
  EMPTY_FORM,
  formErrors,
  formFieldErrors,
  formPayload,
  guardianSigns,
  type FormValues,
} from '@/features/registration/registrationFormRules';
import type { StudentField, StudentFormValues } from '@/features/registration/studentFormRules';
import { getWaitlistOffer, offerErrorMessage, WAITLIST_MESSAGES, type WaitlistOffer } from './api/waitlist';
import '@/features/registration/RegisterPage.css';
import { Fact } from '@/components/ui/Fact';

interface LoadedOffer {
  offer: WaitlistOffer;
  /** The class's public record for the summary (instructor, place, schedule); null when it could not be read. */
  item: ClassItem | null;
}

async function loadOffer(token: string): Promise<LoadedOffer> {
  const offer = await getWaitlistOffer(token);
  const item = await getClass(offer.classId, offer.organizationId).catch(() => null);
  return { offer, item };
}

/** "Tuesday, November 24, 2026 at 4:00 PM", "martes, 24 de noviembre de 2026 a las 4:00 p. m.". */
function formatExpiry(t: Translate, at: Date | string): string {
  const date = toDate(at);
  if (!date) return t('offer.expirySoon');
  return t('offer.expiry', { date: formatLongDate(date), time: formatTime(date) });
}

/**
 * /waitlist/offer/{token}: the seat the waitlist holds for this person, its expiry counting down, the
 * prices, and the registration's own two steps, which send the offer's token so the server registers into the held
 * seat (never a second one). An ended offer (expired or used: 410) or a bad link (404) says so plainly.
 */
export function WaitlistOfferPage() {
  const { token = '' } = useParams<{ token: string }>();
  const state = useAsync(() => loadOffer(token), [token]);
  const organizationId = state.data?.offer.organizationId ?? null;
  const { branding, brandingReady } = useOrganizationScope(organizationId);
  useSeo('waitlist-offer', { siteName: organizationId && brandingReady ? branding.businessName : undefined });
  const t = useT();

  if (state.loading) return <PageLoading message={t('offer.loading')} />;
  if (state.error || !state.data) {
    const problem = offerErrorMessage(state.error);
    return (
      <OfferShell>
        {problem.ended ? (
          <OfferEnded message={problem.message} />
        ) : (
          <>
            <Alert tone="error" title={t('offer.loadFailedTitle')}>
              {localizeMessage(t, problem.message)}
            </Alert>
            <p>
              <button type="button" className="btn" onClick={state.reload}>
                {t('offer.tryAgain')}
              </button>
            </p>
          </>
        )}
      </OfferShell>
    );
  }
  if (state.data.offer.status !== 'offered') {
    return (
      <OfferShell>
        <OfferEnded message={WAITLIST_MESSAGES.offerEnded} classId={state.data.offer.classId} organizationId={organizationId} />
      </OfferShell>
    );
  }
  return <OfferRegistration token={token} {...state.data} businessName={branding.businessName} />;
}

function OfferRegistration({ token, offer, item, businessName }: LoadedOffer & { token: string; businessName: string }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<StudentFormValues>(() => ({
    firstName: offer.firstName ?? '',
    lastName: offer.lastName ?? '',
    email: offer.email ?? '',
    phone: displayPhone(offer.phone),
    communicationOptIn: offer.communicationOptIn !== false,
  }));
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const { reserving, reserveError, setReserveError, ...checkout } = useCheckout();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<StudentField, string>> | undefined>(undefined);
  const [ended, setEnded] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onExpired = useCallback(() => setExpired(true), []);
  // The class's own questions and waivers, answered and signed on step 1 as on the registration page.
  const [form, setForm] = useState<FormValues>(EMPTY_FORM);
  const [showFormErrors, setShowFormErrors] = useState(false);
  const [serverFormErrors, setServerFormErrors] = useState<Record<string, string>>({});
  const [dateOfBirth, setDateOfBirth] = useState('');
  const t = useT();

  const orgId = offer.organizationId;
  // The server's price quote for this person: create-intent and registration charge exactly this.
  const amount = offer.amount;
  const expiryText = formatExpiry(t, offer.offerExpiresAt);
  const countdownTexts: HoldCountdownTexts = {
    lead: t('offer.heldFor'),
    after: t('offer.registerBy', { expiry: expiryText }),
    expired: t('offer.expired'),
  };

  if (ended) {
    return (
      <OfferShell>
        <OfferEnded message={ended} classId={offer.classId} organizationId={orgId} />
      </OfferShell>
    );
  }

  async function continueToPayment(student: StudentFormValues) {
    // No enrollment check here: the held seat makes the class look full to it; the registration itself refuses a duplicate.
    setValues(student);
    setFieldErrors(undefined);
    setReserveError(null);
    setStep(2);
    requestAnimationFrame(() => headingRef.current?.focus());
    setPhase('idle');
  }

  const questions = item?.questions ?? [];
  const waivers = item?.waivers ?? [];
  const contactName = `${values.firstName.trim()} ${values.lastName.trim()}`;
  // Under 18 on the first day: a parent or guardian signs the waivers (the server refuses the student's own signature).
  const minor = guardianSigns({
    dateOfBirth,
    household: false,
    waivers,
    startDate: item?.startDate ?? offer.startDate,
    timeZone: item?.registrationWindow?.timeZone,
  });
  const localFormErrors = formErrors(questions, waivers, form, contactName, null, minor);
  const shownFormErrors = { ...serverFormErrors, ...(showFormErrors ? localFormErrors : {}) };
  const payload = formPayload(questions, waivers, form, undefined, minor);
  const registration = {
    classId: offer.classId,
    organizationId: orgId,
    student: values,
    waitlistOfferToken: token,
    form: { answers: payload.answers, waiverAcceptances: payload.waiverAcceptances, guardian: payload.guardian },
    // Sent only for a minor: the offer's price was quoted without a date of birth, and an adult's could change it (the
    // senior discount) under a card payment that must match it; no age rule prices someone under 18.
    dateOfBirth: minor ? dateOfBirth : undefined,
  };
  const startDate = item?.startDate ?? offer.startDate;
  const order: Checkout = {
    registration,
    classDetails: {
      id: offer.classId,
      title: item?.title ?? offer.classTitle,
      instructor: item?.instructor ?? '',
      location: item?.location ?? '',
      startDate,
      duration: item?.duration,
      organizationId: orgId,
    },
    amount,
    onRefused: (error) => {
      // The server refused an answer or a signature: back to step 1, on its field.
      const formRefused = error instanceof ApiError && error.status === 400 ? formFieldErrors(error.fieldErrors) : null;
      if (formRefused) {
        setServerFormErrors(formRefused);
        setStep(1);
        return true;
      }
      // The offer ended meanwhile (it lapsed, or was used in another tab).
      if (!(error instanceof ApiError && error.status === 410)) return false;
      setEnded(offerErrorMessage(error).message);
      return true;
    },
    onStudentRefused: (refused) => {
      setFieldErrors(refused);
      setStep(1);
    },
  };

  const title = item?.title ?? offer.classTitle;
  return (
    <OfferShell>
      <p className="waitlist-offer__intro">
        <Rich
          id={offer.firstName ? 'offer.introNamed' : 'offer.intro'}
          values={{ name: offer.firstName, title }}
          components={{ 0: <strong /> }}
        />
      </p>
      <HoldCountdown endsAt={holdEndsAt(offer.offerExpiresAt)} onExpired={onExpired} texts={countdownTexts} />
      {expired ? (
        <Alert tone="warning" title={t('offer.expiredTitle')}>
          {t('offer.expiredText')} <Link href={classPath(offer.classId, orgId)}>{t('offer.viewClass')}</Link>
        </Alert>
      ) : null}
      <RegistrationSteps step={step} />
      <div className="register-layout">
        {expired && step === 1 ? null : (
          <section className="card" aria-labelledby="offer-step-title">
            <h2 id="offer-step-title" ref={headingRef} tabIndex={-1} className="register-step-title">
              {step === 1 ? t('register.studentInfo') : t('register.paymentMethod')}
            </h2>
            {step === 1 ? (
              <StudentForm
                key={fieldErrors ? JSON.stringify(fieldErrors) : 'form'}
                values={values}
                onChange={setValues}
                onSubmit={continueToPayment}
                phase={phase}
                businessName={businessName}
                initialErrors={fieldErrors}
                lockedFields={{ email: t('offer.emailLocked') }}
                extraValid={Object.keys(localFormErrors).length === 0}
                onExtraInvalid={() => {
                  setShowFormErrors(true);
                  requestAnimationFrame(() =>
                    document
                      .querySelector<HTMLInputElement>(
                        '.registration-form [aria-invalid="true"] input, .registration-form input[aria-invalid="true"], .registration-form textarea[aria-invalid="true"]',
                      )
                      ?.focus(),
                  );
                }}
              >
                <RegistrationFormFields
                  questions={questions}
                  waivers={waivers}
                  value={form}
                  onChange={(v) => {
                    setForm(v);
                    setServerFormErrors({});
                  }}
                  errors={shownFormErrors}
                  people={null}
                  dateOfBirth={{
                    value: dateOfBirth,
                    onChange: (v) => {
                      setDateOfBirth(v);
                      setServerFormErrors({});
                    },
                  }}
                  guardianFor={minor ? contactName : null}
                />
              </StudentForm>
            ) : (
              <PaymentStep
                registration={registration}
                amount={amount}
                busy={reserving}
                error={reserveError}
                onReserve={() => {
                  // The countdown ran out while the step was open: the seat is no longer held.
                  if (!expired) void checkout.reserve(order);
                }}
                onCardPaid={(paid) => checkout.cardPaid(order, paid)}
                onBack={() => setStep(1)}
                cardAllowed={offer.acceptsCard}
              />
            )}
          </section>
        )}
        <aside className="card register-summary" aria-labelledby="offer-summary-title">
          <h2 id="offer-summary-title" className="register-summary__title">
            {title}
          </h2>
          <dl>
            {item ? <ClassScheduleFacts item={item} /> : <Fact term={t('offer.date')}>{formatLongDate(offer.startDate)}</Fact>}
            <PriceFact amount={amount} regular={offer.price} />
            <Fact term={t('offer.heldUntil')}>{expiryText}</Fact>
          </dl>
          <Link href={classPath(offer.classId, orgId)}>{t('offer.viewClass')}</Link>
        </aside>
      </div>
    </OfferShell>
  );
}

function OfferEnded({ message, classId, organizationId }: { message: string; classId?: string; organizationId?: string | null }) {
  const t = useT();
  return (
    <>
      <Alert tone="warning" title={t('offer.endedTitle')}>
        {localizeMessage(t, message)}
      </Alert>
      <p>
        {t('offer.endedText')}
        {classId ? (
          <>
            {' '}
            <Link href={classPath(classId, organizationId)}>{t('offer.viewClass')}</Link>
          </>
        ) : null}
      </p>
    </>
  );
}

function OfferShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="container register-page">
      <h1>{t('offer.title')}</h1>
      {children}
    </div>
  );
}
