// The payer's payment plans (issue 40 §3): each plan's schedule, what is paid, due, processing or failed, and the method on file.
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { useT } from '@/lib/i18n/useT';
import { day } from './portalFormat';
import { money, portalError, type PortalRegistrations, type PortalSession } from './api/portal';
import { PlanPayPanel, type PlanAction } from './PlanPayPanel';
import { getPaymentPlans, type PortalPlan } from './api/portalPlans';

const STATUS_KEYS: Record<PortalPlan['instalments'][number]['status'], string> = {
  scheduled: 'portal.plans.due',
  paid: 'portal.plans.paid',
  processing: 'portal.plans.processing',
  failed: 'portal.plans.failed',
  waived: 'portal.plans.waived',
  cancelled: 'portal.plans.cancelled',
};

/** Instalments the payer may pay now. */
const OPEN: string[] = ['scheduled', 'failed'];

/** "Visa ending in 4242", or the bank's name and last 4; a card brand is capitalised as cards print it. */
function methodText(t: ReturnType<typeof useT>, m: NonNullable<PortalPlan['method']>): string {
  const name = m.brand ? m.brand.charAt(0).toUpperCase() + m.brand.slice(1).toLowerCase() : '';
  return t(m.kind === 'bank' ? 'portal.plans.bank' : 'portal.plans.card', { name, last4: m.last4 ?? '' });
}

/** Shown only when the payer has a plan: nothing for everyone else. */
export function PortalPlans({ session, data }: { session: PortalSession; data: PortalRegistrations }) {
  const t = useT();
  const [plans, setPlans] = useState<PortalPlan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [doing, setDoing] = useState<{ planId: string; action: PlanAction } | null>(null);
  const load = () => getPaymentPlans(session).then(setPlans, (e: unknown) => setError(portalError(e, '') || t('portal.plans.loadFailed')));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t changes with the language; the list does not
  }, [session]);
  if (!error && !plans?.length) return null;

  return (
    <section aria-labelledby="portal-plans" className="stack">
      <h2 id="portal-plans">{t('portal.plans.title')}</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notice ? (
        <Alert tone="success" title={t('portal.plans.thanks')}>
          {notice}
        </Alert>
      ) : null}
      {plans?.map((p) => (
        <article key={p.id} className="card portal-plan" aria-labelledby={`plan-${p.id}`}>
          <h3 id={`plan-${p.id}`}>
            {p.classTitle} · {p.planName}
          </h3>
          <p className="portal-plan__facts">
            {t('portal.plans.summary', { name: p.studentName, paid: money(p.paid), total: money(p.total), balance: money(p.balance) })}
          </p>
          {p.status === 'pastDue' ? <Alert tone="warning">{t('portal.plans.pastDue')}</Alert> : null}
          <p>{p.method ? methodText(t, p.method) : t('portal.plans.noMethod')}</p>
          <table className="portal-plan__schedule">
            <caption className="visually-hidden">{t('portal.plans.schedule')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('portal.plans.dueDate')}</th>
                <th scope="col">{t('portal.plans.amount')}</th>
                <th scope="col">{t('portal.plans.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('portal.plans.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.instalments.map((i) => (
                <tr key={i.seq} className={`is-${i.status}`}>
                  <td>{day(i.dueAt)}</td>
                  <td>{money(i.amount)}</td>
                  <td>{t(STATUS_KEYS[i.status])}</td>
                  <td>
                    {OPEN.includes(i.status) && p.status !== 'cancelled' && !doing ? (
                      <button
                        type="button"
                        className="btn btn--secondary btn--small"
                        aria-label={t('portal.plans.payNowLabel', { date: day(i.dueAt), amount: money(i.amount) })}
                        onClick={() => setDoing({ planId: p.id, action: { kind: 'pay', seq: i.seq, amount: i.amount } })}
                      >
                        {t('portal.plans.payNow')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {doing?.planId === p.id ? (
            <PlanPayPanel
              session={session}
              data={data}
              plan={p}
              action={doing.action}
              onBack={() => setDoing(null)}
              onDone={(message) => {
                setDoing(null);
                setNotice(message);
                void load();
              }}
            />
          ) : p.balance > 0 && (p.status === 'active' || p.status === 'pastDue') && !doing ? (
            <div className="portal-actions">
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => setDoing({ planId: p.id, action: { kind: 'pay', seq: null, amount: p.balance } })}
              >
                {t('portal.plans.payBalance', { amount: money(p.balance) })}
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => setDoing({ planId: p.id, action: { kind: 'method' } })}>
                {t('portal.plans.replace')}
              </button>
            </div>
          ) : null}
        </article>
      ))}
    </section>
  );
}
