// One registration on the student's portal page, with what the student may do to it themselves: cancel, switch class, pay a difference.
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { useT } from '@/lib/i18n/useT';
import {
  cancelEnrollment,
  differenceText,
  download,
  portalError,
  refundText,
  transferEnrollment,
  transferOptions,
  type PortalEnrollment,
  type PortalRegistrations,
  type PortalSession,
  type PortalTransferOption,
} from './api/portal';
import { money, when } from './portalFormat';
import { TopUpPayment } from './TopUpPayment';

/** A registration's card; `onChanged` gets the sentence to show once an action went through. */
export function EnrollmentCard({
  e,
  session,
  data,
  onChanged,
}: {
  e: PortalEnrollment;
  session: PortalSession;
  data: PortalRegistrations;
  onChanged: (message: string) => void;
}) {
  const [mode, setMode] = useState<'none' | 'cancel' | 'switch' | 'pay'>('none');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [options, setOptions] = useState<PortalTransferOption[] | null>(null);
  const [choice, setChoice] = useState<string>('');
  const panelRef = useRef<HTMLDivElement>(null);
  const t = useT();
  const chosen = options?.find((o) => o.id === choice) ?? null;
  const heading =
    e.student.id === data.student.id
      ? e.class.title
      : t('portal.card.for', { title: e.class.title, name: `${e.student.firstName} ${e.student.lastName}` });
  const { email, phone, name: organization } = data.organization;
  const contactKey =
    email && phone
      ? 'portal.card.cancelClosedBoth'
      : email
        ? 'portal.card.cancelClosedEmail'
        : phone
          ? 'portal.card.cancelClosedPhone'
          : 'portal.card.cancelClosed';
  const open = (m: 'cancel' | 'switch') => {
    setMode(m);
    setProblem(null);
    requestAnimationFrame(() => panelRef.current?.focus());
    if (m === 'switch' && !options)
      transferOptions(session, e.id)
        .then(setOptions)
        .catch((err) => setProblem(portalError(err, t('portal.card.loadClassesFailed'))));
  };

  async function act(run: () => Promise<string>) {
    setBusy(true);
    setProblem(null);
    try {
      const msg = await run();
      setMode('none');
      onChanged(msg);
    } catch (err) {
      setProblem(portalError(err, t('portal.card.failed')));
    } finally {
      setBusy(false);
    }
  }

  const titleId = `enr-${e.id}`;
  return (
    <article className="card stack portal-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{heading}</h3>
      <p className="muted">
        {t('portal.card.sessionsFirst', { count: e.class.sessions.length, first: when(e.class.sessions[0]), location: e.class.location })}
      </p>
      {/* Sessions the organization called off (issue 39 §1): the student is told here too, not only by email. */}
      {e.class.cancelledSessions.length > 0 ? (
        <p className="muted">
          {t('portal.card.cancelledSessions', {
            count: e.class.cancelledSessions.length,
            dates: e.class.cancelledSessions.map((d) => when(d)).join(', '),
          })}
        </p>
      ) : null}
      <p>
        {[
          e.status === 'cancelled' ? t('portal.card.cancelled') : t('portal.card.registered'),
          // A drop-in (issue 39 §3) is its own registration for one session: said so, beside its one date above.
          e.dropIn ? t('portal.card.dropIn') : null,
          e.paymentMethod === 'card' ? t('portal.card.paidByCard') : t('portal.card.payInPerson'),
          e.amountPaid > 0 ? t('portal.card.paid', { amount: money(e.amountPaid) }) : null,
          e.refundedAmount > 0 ? t('portal.card.refunded', { amount: money(e.refundedAmount) }) : null,
          e.balanceDue > 0 ? t('portal.card.toPay', { amount: money(e.balanceDue) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="portal-actions">
        {e.canCancel ? (
          <button type="button" className="btn btn--secondary" aria-expanded={mode === 'cancel'} onClick={() => open('cancel')}>
            {t('portal.card.cancel')}
          </button>
        ) : null}
        {e.canTransfer ? (
          <button type="button" className="btn btn--secondary" aria-expanded={mode === 'switch'} onClick={() => open('switch')}>
            {t('portal.card.switch')}
          </button>
        ) : null}
        {e.paymentMethod === 'card' && e.amountPaid > 0 ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void download(session, `/api/portal/enrollments/${e.id}/receipt`, 'receipt.pdf')}
          >
            {t('portal.card.receipt')}
          </button>
        ) : null}
        {e.status === 'active' ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void download(session, `/api/portal/enrollments/${e.id}/calendar.ics`, 'class-sessions.ics')}
          >
            {t('portal.card.calendar')}
          </button>
        ) : null}
      </div>
      {e.status === 'active' && !e.canCancel && data.rules.selfService ? (
        <p className="muted small-note">{t(contactKey, { date: when(e.cancelBefore), organization, email, phone })}</p>
      ) : null}
      {mode === 'cancel' ? (
        <div className="portal-panel" ref={panelRef} tabIndex={-1} role="group" aria-label={t('portal.card.cancelPanel')}>
          <p>
            <strong>{refundText(t, e)}</strong>
          </p>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div className="portal-actions">
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const r = await cancelEnrollment(session, e.id);
                  return r.refund
                    ? t('portal.card.cancelledRefund', { title: e.class.title, amount: money(r.refund.amount) })
                    : t('portal.card.cancelledDone', { title: e.class.title });
                })
              }
            >
              {busy ? t('portal.card.cancelling') : t('portal.card.yesCancel')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setMode('none')}>
              {t('portal.card.keep')}
            </button>
          </div>
        </div>
      ) : null}
      {mode === 'switch' ? (
        <div className="portal-panel" ref={panelRef} tabIndex={-1} role="group" aria-label={t('portal.card.switchPanel')}>
          {!options && !problem ? <p role="status">{t('portal.card.loadingClasses')}</p> : null}
          {options && !options.length ? <p>{t('portal.card.noOther')}</p> : null}
          {options && options.length ? (
            <fieldset className="portal-options">
              <legend>{t('portal.card.chooseClass')}</legend>
              {options.map((o) => (
                <label key={o.id} className={`portal-option${o.available ? '' : ' is-disabled'}`}>
                  <input
                    type="radio"
                    name={`switch-${e.id}`}
                    value={o.id}
                    disabled={!o.available}
                    checked={choice === o.id}
                    onChange={() => setChoice(o.id)}
                  />
                  <span>
                    <strong>{o.title}</strong> · {when(o.startDate)} · {t('portal.card.seatsLeft', { count: o.seatsLeft })} ·{' '}
                    {differenceText(t, o.priceDifference)}
                    {o.needsPayment ? t('portal.card.paidByCardNote') : ''}
                    {o.available ? '' : t('portal.card.contactToPay')}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div className="portal-actions">
            {chosen?.needsPayment ? (
              <>
                <button type="button" className="btn" onClick={() => setMode('pay')}>
                  {t('portal.card.continueToPay', { amount: money(chosen.priceDifference) })}
                </button>
                {data.rules.selfServiceTransferDifferenceInPerson ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    disabled={busy}
                    onClick={() =>
                      void act(async () => {
                        const r = await transferEnrollment(session, e.id, chosen.id, true);
                        return t('portal.card.switchedInPerson', { title: r.className, amount: money(r.balanceDue) });
                      })
                    }
                  >
                    {t('portal.card.switchPayInPerson', { amount: money(chosen.priceDifference) })}
                  </button>
                ) : null}
              </>
            ) : (
              <button
                type="button"
                className="btn"
                disabled={busy || !choice}
                onClick={() =>
                  void act(async () => {
                    const r = await transferEnrollment(session, e.id, choice);
                    return r.refund
                      ? t('portal.card.switchedRefund', { title: r.className, amount: money(r.refund.amount) })
                      : t('portal.card.switched', { title: r.className });
                  })
                }
              >
                {busy ? t('portal.card.switching') : t('portal.card.switch')}
              </button>
            )}
            <button type="button" className="btn btn--ghost" onClick={() => setMode('none')}>
              {t('portal.card.keepClass')}
            </button>
          </div>
        </div>
      ) : null}
      {mode === 'pay' && chosen ? (
        <div className="portal-panel" role="group" aria-label={t('portal.card.payPanel', { title: chosen.title })}>
          <TopUpPayment
            session={session}
            data={data}
            enrollmentId={e.id}
            option={chosen}
            onPaid={(msg) => (setMode('none'), onChanged(msg))}
            onBack={() => setMode('switch')}
          />
        </div>
      ) : null}
    </article>
  );
}
