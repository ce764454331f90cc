import { useT } from '@/lib/i18n/useT';
import { earlyAccess } from '@/lib/earlyAccess';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { PageLoading } from '@/components/ui/PageLoading';
import { effectivePrice, isOpenStatus } from '@/lib/classFormat';
import { ApiError } from '@/lib/apiClient';
import type { ClassItem } from '@/lib/models';
import { getClass } from '@/lib/publicApi';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { classPath, queryParam } from '@/lib/routing';
import { useSeo } from '@/lib/seo';
import { useAsync } from '@/lib/useAsync';
import { checkEnrollment, toRegistrationClosed, type EnrollmentProblem, type RegistrationClosed } from './api/checkEnrollment';
import { seatRefusal } from './api/registerStudent';
import { EnrollmentProblemDialog } from './EnrollmentProblemDialog';
import { HouseholdFields } from './HouseholdFields';
import { attendeesToSend, EMPTY_HOUSEHOLD, householdValid, peopleCount, type HouseholdValues } from './householdRules';
import { PaymentStep } from './PaymentStep';
import { useCheckout, type Checkout } from './useCheckout';
import { usePriceQuote } from './usePriceQuote';
import { classLoadDetail, RegisterShell } from './RegisterShell';
import { RegisterSummary } from './RegisterSummary';
import { RegistrationClosedNotice } from './RegistrationClosedNotice';
import { RegistrationNotOpenNotice } from './RegistrationNotOpenNotice';
import { windowRefusal, type WindowRefusal } from './registrationWindow';
import { openingTime } from '@/components/class/RegistrationOpening';
import { RegistrationFormFields } from './RegistrationFormFields';
import { EMPTY_FORM, formErrors, formFieldErrors, formPayload, guardianSigns, type FormValues } from './registrationFormRules';
import { RegistrationSteps } from './RegistrationSteps';
import { useWaitingRoom, WaitingRoomLine } from './WaitingRoom';
import { JoinWaitlist } from '@/features/waitlist/JoinWaitlist';
import { StudentForm, type SubmitPhase } from './StudentForm';
import { EMPTY_STUDENT, type StudentField, type StudentFormValues } from './studentFormRules';
import { DropInUnavailable, useDropIn } from './useDropIn';
import './RegisterPage.css';
import { TermsError } from '@shared/api/error-codes';

/** /register/{classId}?org= (spec 2 §2, §4). */
export function RegisterPage() {
  const { classId = '' } = useParams<{ classId: string }>();
  const queryOrg = queryParam(useSearch(), 'org', 'organizationId');
  const classState = useAsync(() => getClass(classId, queryOrg), [classId, queryOrg]);
  const { item, ...dropIn } = useDropIn(classId, queryOrg, classState.data ?? null);
  const organizationId = queryOrg ?? item?.organizationId ?? null;
  const { branding, brandingReady } = useOrganizationScope(organizationId);
  const t = useT();
  useSeo('register', { siteName: organizationId && brandingReady ? branding.businessName : undefined });

  const [step, setStep] = useState<1 | 2>(1);
  // Someone who came through an early-access link registers with the email the link was sent to.
  const [values, setValues] = useState<StudentFormValues>(() => ({ ...EMPTY_STUDENT, email: earlyAccess()?.email ?? EMPTY_STUDENT.email }));
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [problem, setProblem] = useState<EnrollmentProblem | null>(null);
  const { reserving, reserveError, reserveRefusal, setReserveError, ...checkout } = useCheckout();
  const [classFull, setClassFull] = useState(false);
  const [closed, setClosed] = useState<RegistrationClosed | null>(null);
  // The opening the server named when it refused a registration as too early (it may differ from the page's copy).
  const [refusedUntil, setRefusedUntil] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<StudentField, string>> | undefined>(undefined);
  const [household, setHousehold] = useState<HouseholdValues>(EMPTY_HOUSEHOLD);
  const [showHouseholdErrors, setShowHouseholdErrors] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [form, setForm] = useState<FormValues>(EMPTY_FORM);
  const [showFormErrors, setShowFormErrors] = useState(false);
  const [serverFormErrors, setServerFormErrors] = useState<Record<string, string>>({});
  // The server's price quote (class price, automatic discounts, promo code) once the people are known.
  const [promoCode, setPromoCode] = useState('');
  // One person may give a date of birth on the payment step when the organization has a senior discount.
  const [dateOfBirth, setDateOfBirth] = useState('');
  const household1 = attendeesToSend(values, household);
  const quoteAttendees =
    item && step === 2 ? (household1 ?? (dateOfBirth ? [{ firstName: '', lastName: '', dateOfBirth }] : undefined)) : undefined;
  const { quote, busy: quoteBusy } = usePriceQuote(
    item && organizationId && step === 2
      ? { organizationId, classId: item.id, classSessionId: dropIn.sessionId, email: values.email, attendees: quoteAttendees, promoCode }
      : null,
  );

  // The opening's waiting room: once the opening has come and its line is on, a place in line before the form.
  const closesAtMs = item?.registrationWindow?.closesAt ? new Date(item.registrationWindow.closesAt).getTime() : null;
  const room = useWaitingRoom({
    organizationId,
    classId,
    window: item?.registrationWindow,
    enabled:
      !!item &&
      !closed &&
      (closesAtMs === null || closesAtMs > Date.now()) &&
      (isOpenStatus(item.status) || item.waitlistOpen || classFull),
  });
  // One's turn came: the form opened by itself; its heading takes the focus so a screen reader says so.
  const wasInLine = useRef(false);
  useEffect(() => {
    if (room.phase !== 'none') wasInLine.current = true;
    else if (wasInLine.current) {
      wasInLine.current = false;
      headingRef.current?.focus();
    }
  }, [room.phase]);

  if (classState.loading || dropIn.loading) return <PageLoading message={t('loading.classDetails')} />;
  if (classState.error || !item) {
    return (
      <RegisterShell>
        <Alert tone="error" title={t('register.loadError')}>
          {classLoadDetail(classState.error, classId)}
        </Alert>
      </RegisterShell>
    );
  }
  if (!organizationId) {
    return (
      <RegisterShell>
        <Alert tone="error">{t('register.missingOrg')}</Alert>
      </RegisterShell>
    );
  }
  if (dropIn.unavailable) return <DropInUnavailable classId={item.id} organizationId={organizationId} />;
  const currentClass: ClassItem = item;
  const orgId: string = organizationId;
  const unitPrice = effectivePrice(currentClass.price, currentClass.discountPrice);
  // Every person pays the price by the discount rule; the server computes the same total.
  const people = peopleCount(household);
  const amount = quote && step === 2 ? quote.total : unitPrice * people;
  const attendeeList = attendeesToSend(values, household);
  // The organization's own questions and waivers, answered on step 1 and sent with the registration.
  const questions = currentClass.questions ?? [];
  const waivers = currentClass.waivers ?? [];
  const contactName = `${values.firstName.trim()} ${values.lastName.trim()}`;
  // Under 18 on the class's first day (the organization's zone): a parent or guardian signs, as the server requires.
  const minor = guardianSigns({
    dateOfBirth,
    household: !!attendeeList,
    waivers,
    startDate: currentClass.startDate,
    timeZone: currentClass.registrationWindow?.timeZone,
  });
  const localFormErrors = formErrors(questions, waivers, form, contactName, attendeeList ? attendeeList.length : null, minor);
  const shownFormErrors = { ...serverFormErrors, ...(showFormErrors ? localFormErrors : {}) };
  const payload = formPayload(questions, waivers, form, attendeeList, minor);
  const attendees = payload.attendees;
  const formFields = { answers: payload.answers, waiverAcceptances: payload.waiverAcceptances, guardian: payload.guardian };
  // Only a code the quote applied is sent: the server refuses one that does not apply.
  const appliedCode = quote?.promo?.applied ? quote.promo.code : undefined;
  const registration = {
    classId: currentClass.id,
    classSessionId: dropIn.sessionId,
    organizationId: orgId,
    student: values,
    attendees,
    form: formFields,
    promoCode: appliedCode,
    dateOfBirth: dateOfBirth || undefined,
    waitingRoomTicket: room.ticket,
  };
  const order: Checkout = {
    registration,
    classDetails: {
      id: currentClass.id,
      title: currentClass.title,
      instructor: currentClass.instructor,
      location: currentClass.location,
      startDate: currentClass.startDate,
      duration: currentClass.duration,
      organizationId: currentClass.organizationId,
    },
    amount,
    onRefused: (error) => {
      // The opening's waiting room wants a (new) place, or it is not this place's turn yet: the line again.
      if (room.refused(error)) return true;
      // Before the opening or after the closing (the server's 409): the opening notice or the closed one.
      const refusal = windowRefusal(error);
      if (refusal) {
        windowRefused(refusal);
        return true;
      }
      // Closed since the check (the last free place went meanwhile): back to step 1 with the same notice.
      const closedNow = error instanceof ApiError && error.status === 403 ? toRegistrationClosed(error.data) : null;
      if (closedNow) {
        setClosed(closedNow);
        setStep(1);
        return true;
      }
      // The last seat went meanwhile: the waitlist form takes over, with what was typed.
      if (seatRefusal(error) === 'full') {
        setClassFull(true);
        return true;
      }
      // The server refused an answer or a signature (a question changed meanwhile): back to step 1, on its field.
      const formRefused = error instanceof ApiError && error.status === 400 ? formFieldErrors(error.fieldErrors) : null;
      if (formRefused) {
        setServerFormErrors(formRefused);
        setStep(1);
        return true;
      }
      return false;
    },
    onStudentRefused: (refused) => {
      setFieldErrors(refused);
      setStep(1);
    },
  };

  // The class's registration window, in the organization's time zone; a page opened after the closing says so at once.
  const regWindow = currentClass.registrationWindow ?? null;
  const noticeWindow = regWindow
    ? { ...regWindow, opensAt: refusedUntil ?? regWindow.opensAt }
    : refusedUntil
      ? { opensAt: refusedUntil, closesAt: null, earlyAccessOpensAt: null, timeZone: null }
      : null;
  const windowClosedNotice = (closedAt: string | Date): RegistrationClosed => ({
    message: `Registration for ${currentClass.title} closed ${openingTime(new Date(closedAt), regWindow?.timeZone ?? null)}.`,
    organizationName: null,
    contactInfo: null,
  });
  const closedOnLoad =
    regWindow?.closesAt && new Date(regWindow.closesAt).getTime() <= Date.now() ? windowClosedNotice(regWindow.closesAt) : null;
  const shownClosed = closed ?? closedOnLoad;
  /** The server refused outside the window: before it, the opening notice and countdown; after it, the closed notice. */
  function windowRefused(refusal: WindowRefusal) {
    setReserveError(null);
    if (refusal.code === TermsError.RegistrationNotOpen) setRefusedUntil(refusal.opensAt);
    else setClosed(windowClosedNotice(refusal.closedAt));
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  // A full class takes waitlist entries instead, also when it closed itself on filling up.
  const waitlist = classFull || currentClass.waitlistOpen;
  if (!isOpenStatus(currentClass.status) && !waitlist) {
    return (
      <RegisterShell>
        <Alert tone="warning" title={t('classPage.bannerClosed')}>
          {t('register.notAvailable', { title: currentClass.title })}
        </Alert>
        <p>
          <Link href={classPath(currentClass.id, orgId)}>{t('register.viewClass')}</Link>
        </p>
      </RegisterShell>
    );
  }

  async function submitStudent(student: StudentFormValues) {
    setValues(student);
    setPhase('submitting');
    try {
      setPhase('checking');
      const check = await checkEnrollment({ email: student.email, classId: currentClass.id, organizationId: orgId, ...dropIn.key }).catch(
        (error: unknown) => {
          // The contact is enrolled already but registers only other people now: that is fine (the server checks each person).
          if (household.others.length > 0 && !household.contactAttends && (error as EnrollmentProblem)?.isAlreadyEnrolled)
            return { classFull: false, closed: null };
          throw error;
        },
      );
      if (check.classFull) {
        setClassFull(true);
        return;
      }
      if (check.closed) {
        setClosed(check.closed);
        return;
      }
      setStep(2);
      setFieldErrors(undefined);
      setReserveError(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (error) {
      setProblem(error as EnrollmentProblem);
    } finally {
      setPhase('idle');
    }
  }

  const inLine = room.phase !== 'none' && !shownClosed;
  return (
    <RegisterShell>
      {waitlist || inLine ? null : <RegistrationSteps step={step} />}
      <div className="register-layout">
        <section className="card" aria-labelledby="register-step-title">
          <h2 id="register-step-title" ref={headingRef} tabIndex={-1} className="register-step-title">
            {inLine
              ? t('register.inLine')
              : waitlist
                ? t('class.joinWaitlist')
                : step === 1
                  ? t('register.studentInfo')
                  : t('register.paymentMethod')}
          </h2>
          {shownClosed || inLine ? null : <RegistrationNotOpenNotice window={noticeWindow} termId={currentClass.termId} />}
          {shownClosed ? (
            <RegistrationClosedNotice closed={shownClosed} organizationId={orgId} />
          ) : inLine ? (
            <WaitingRoomLine
              room={room}
              classTitle={currentClass.title}
              opensAt={regWindow?.opensAt}
              timeZone={regWindow?.timeZone ?? null}
            />
          ) : waitlist ? (
            <JoinWaitlist
              classId={currentClass.id}
              classTitle={currentClass.title}
              maxStudents={currentClass.maxStudents}
              organizationId={orgId}
              businessName={branding.businessName}
              values={values}
              onChange={setValues}
              titleId="register-step-title"
              waitingRoomTicket={room.ticket}
              onRefused={room.refused}
            />
          ) : step === 1 ? (
            <StudentForm
              values={values}
              onChange={setValues}
              onSubmit={submitStudent}
              phase={phase}
              businessName={branding.businessName}
              initialErrors={fieldErrors}
              extraValid={householdValid(household) && Object.keys(localFormErrors).length === 0}
              onExtraInvalid={() => {
                setShowHouseholdErrors(true);
                setShowFormErrors(true);
                requestAnimationFrame(() =>
                  document
                    .querySelector<HTMLInputElement>(
                      '.household [aria-invalid="true"], .registration-form [aria-invalid="true"] input, .registration-form input[aria-invalid="true"], .registration-form textarea[aria-invalid="true"]',
                    )
                    ?.focus(),
                );
              }}
            >
              {dropIn.sessionId ? null : <HouseholdFields value={household} onChange={setHousehold} showAllErrors={showHouseholdErrors} />}
              <RegistrationFormFields
                questions={questions}
                waivers={waivers}
                value={form}
                onChange={(v) => {
                  setForm(v);
                  setServerFormErrors({});
                }}
                errors={shownFormErrors}
                people={attendeeList ? attendeeList.map((p) => `${p.firstName} ${p.lastName}`.trim()) : null}
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
              refusal={reserveRefusal}
              onReserve={() => void checkout.reserve(order)}
              onCardPaid={(paid) => checkout.cardPaid(order, paid)}
              onBack={() => setStep(1)}
              onWindowRefused={windowRefused}
              onWaitingRoomRefused={room.refused}
              plans={quote?.paymentPlans}
            />
          )}
        </section>
        <RegisterSummary
          item={currentClass}
          organizationId={orgId}
          people={people}
          amount={amount}
          paying={step === 2 && !waitlist && !shownClosed}
          quote={step === 2 ? quote : null}
          quoteBusy={quoteBusy}
          promoCode={promoCode}
          onPromoCode={setPromoCode}
          dateOfBirth={quote?.asksDateOfBirth && !attendeeList ? { value: dateOfBirth, onChange: setDateOfBirth } : null}
        />
      </div>
      <EnrollmentProblemDialog
        problem={problem}
        classId={currentClass.id}
        classTitle={currentClass.title}
        organizationId={orgId}
        fallbackOrganizationName={branding.businessName}
        fallbackInstructor={currentClass.instructor}
        onClose={() => setProblem(null)}
        onRetry={() => {
          setProblem(null);
          void submitStudent(values);
        }}
      />
    </RegisterShell>
  );
}
