// One registration on the student's portal page, with what the student may do to it themselves: cancel, switch class, pay a difference.
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
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
  const chosen = options?.find((o) => o.id === choice) ?? null;
  const who = e.student.id === data.student.id ? '' : ` for ${e.student.firstName} ${e.student.lastName}`;
  const open = (m: 'cancel' | 'switch') => {
    setMode(m);
    setProblem(null);
    requestAnimationFrame(() => panelRef.current?.focus());
    if (m === 'switch' && !options)
      transferOptions(session, e.id)
        .then(setOptions)
        .catch((err) => setProblem(portalError(err, 'We could not load the classes. Please try again.')));
  };

  async function act(run: () => Promise<string>) {
    setBusy(true);
    setProblem(null);
    try {
      const msg = await run();
      setMode('none');
      onChanged(msg);
    } catch (err) {
      setProblem(portalError(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const titleId = `enr-${e.id}`;
  return (
    <article className="card stack portal-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {e.class.title}
        {who}
      </h3>
      <p className="muted">
        {e.class.sessions.length > 1 ? `${e.class.sessions.length} sessions, first ` : ''}
        {when(e.class.sessions[0])} · {e.class.location}
      </p>
      <p>
        {e.status === 'cancelled' ? 'Cancelled' : 'Registered'} · {e.paymentMethod === 'card' ? 'Paid by card' : 'Pay in person'}
        {e.amountPaid > 0 ? ` · ${money(e.amountPaid)} paid` : ''}
        {e.refundedAmount > 0 ? ` · ${money(e.refundedAmount)} refunded` : ''}
        {e.balanceDue > 0 ? ` · ${money(e.balanceDue)} to pay in person at class` : ''}
      </p>
      <div className="portal-actions">
        {e.canCancel ? (
          <button type="button" className="btn btn--secondary" aria-expanded={mode === 'cancel'} onClick={() => open('cancel')}>
            Cancel registration
          </button>
        ) : null}
        {e.canTransfer ? (
          <button type="button" className="btn btn--secondary" aria-expanded={mode === 'switch'} onClick={() => open('switch')}>
            Switch class
          </button>
        ) : null}
        {e.paymentMethod === 'card' && e.amountPaid > 0 ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void download(session, `/api/portal/enrollments/${e.id}/receipt`, 'receipt.pdf')}
          >
            Receipt (PDF)
          </button>
        ) : null}
        {e.status === 'active' ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void download(session, `/api/portal/enrollments/${e.id}/calendar.ics`, 'class-sessions.ics')}
          >
            Add to calendar
          </button>
        ) : null}
      </div>
      {e.status === 'active' && !e.canCancel && data.rules.selfService ? (
        <p className="muted small-note">
          Cancelling here closed {when(e.cancelBefore)}. To change this registration, contact {data.organization.name}
          {data.organization.email ? ` at ${data.organization.email}` : ''}
          {data.organization.phone ? ` or ${data.organization.phone}` : ''}.
        </p>
      ) : null}
      {mode === 'cancel' ? (
        <div className="portal-panel" ref={panelRef} tabIndex={-1} role="group" aria-label="Cancel this registration">
          <p>
            <strong>{refundText(e)}</strong>
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
                  return `Your registration for ${e.class.title} is cancelled${r.refund ? `; ${money(r.refund.amount)} is on its way back to your card` : ''}.`;
                })
              }
            >
              {busy ? 'Cancelling...' : 'Yes, cancel'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setMode('none')}>
              Keep my registration
            </button>
          </div>
        </div>
      ) : null}
      {mode === 'switch' ? (
        <div className="portal-panel" ref={panelRef} tabIndex={-1} role="group" aria-label="Switch to another class">
          {!options && !problem ? <p role="status">Loading classes...</p> : null}
          {options && !options.length ? <p>No other class has a free seat right now.</p> : null}
          {options && options.length ? (
            <fieldset className="portal-options">
              <legend>Choose the class to switch to</legend>
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
                    <strong>{o.title}</strong> · {when(o.startDate)} · {o.seatsLeft} {o.seatsLeft === 1 ? 'seat' : 'seats'} left ·{' '}
                    {differenceText(o.priceDifference)}
                    {o.needsPayment ? ' (paid by card)' : ''}
                    {o.available ? '' : ' (contact the organization to pay the difference)'}
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
                  Continue to pay {money(chosen.priceDifference)}
                </button>
                {data.rules.selfServiceTransferDifferenceInPerson ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    disabled={busy}
                    onClick={() =>
                      void act(async () => {
                        const r = await transferEnrollment(session, e.id, chosen.id, true);
                        return `You are now registered for ${r.className}; please pay the difference of ${money(r.balanceDue)} in person at class.`;
                      })
                    }
                  >
                    Switch and pay {money(chosen.priceDifference)} in person
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
                    return `You are now registered for ${r.className}${r.refund ? `; ${money(r.refund.amount)} is on its way back to your card` : ''}.`;
                  })
                }
              >
                {busy ? 'Switching...' : 'Switch class'}
              </button>
            )}
            <button type="button" className="btn btn--ghost" onClick={() => setMode('none')}>
              Keep this class
            </button>
          </div>
        </div>
      ) : null}
      {mode === 'pay' && chosen ? (
        <div className="portal-panel" role="group" aria-label={`Pay the difference to switch to ${chosen.title}`}>
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
