// The signed-in student's numbered receipts and credit notes, and their year-end statements (per payer, per child).
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { useT } from '@/lib/i18n/useT';
import { day } from './portalFormat';
import { download, getReceipts, money, portalError, type PortalReceipt, type PortalSession } from './api/portal';

const THIS_YEAR = new Date().getFullYear();

/**
 * Receipts (R-…) and credit notes (CN-…) as the organization issued them, each as a PDF; and the year-end statement of
 * a calendar year: the whole family's, or one child's (what a tax-credit form asks for).
 */
export function PortalReceipts({ session, studentId }: { session: PortalSession; studentId: string }) {
  const t = useT();
  const [receipts, setReceipts] = useState<PortalReceipt[] | null>(null);
  // The server's words when it gave some, else the catalog key of our own (read in the language of the moment).
  const [error, setError] = useState<{ server: string; key: string } | null>(null);
  const [year, setYear] = useState(THIS_YEAR);
  useEffect(() => {
    getReceipts(session).then(setReceipts, (e: unknown) => setError({ server: portalError(e, ''), key: 'portal.receipts.loadFailed' }));
  }, [session]);
  const save = (path: string, name: string) =>
    void download(session, path, name).catch((e: unknown) =>
      setError({ server: portalError(e, ''), key: 'portal.receipts.downloadFailed' }),
    );
  // The years with a receipt, this year first; and each person the receipts are for (one statement each).
  const years = [...new Set([THIS_YEAR, ...(receipts ?? []).map((r) => new Date(r.issuedAt).getFullYear())])].sort((a, b) => b - a);
  const people = [...new Map((receipts ?? []).flatMap((r) => r.students).map((s) => [s.id, s.name])).entries()];

  return (
    <section aria-labelledby="portal-receipts" className="stack">
      <h2 id="portal-receipts">{t('portal.receipts.title')}</h2>
      {error ? <Alert tone="error">{error.server || t(error.key)}</Alert> : null}
      {receipts === null && !error ? <p role="status">{t('portal.receipts.loading')}</p> : null}
      {receipts && !receipts.length ? <p>{t('portal.receipts.none')}</p> : null}
      {receipts?.length ? (
        <ul className="portal-list">
          {receipts.map((r) => (
            <li key={r.id}>
              <strong>{r.number}</strong>{' '}
              {t(r.kind === 'credit_note' ? 'portal.receipts.refundLine' : 'portal.receipts.paymentLine', {
                amount: money(r.total),
                date: day(r.issuedAt),
                people: r.students.map((s) => s.name).join(', '),
              })}{' '}
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => save(`/api/portal/receipts/${r.id}/pdf`, `${r.number}.pdf`)}
              >
                {t(r.kind === 'credit_note' ? 'portal.receipts.creditNotePdf' : 'portal.receipts.receiptPdf', { number: r.number })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="portal-bar">
        <label>
          {t('portal.receipts.year')}{' '}
          <select value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => save(`/api/portal/statements/${year}/pdf`, `statement-${year}.pdf`)}
        >
          {t('portal.receipts.statement', { year: String(year) })}
        </button>
        {people
          .filter(([id]) => id !== studentId || people.length > 1)
          .map(([id, name]) => (
            <button
              key={id}
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() =>
                save(`/api/portal/statements/${year}/students/${id}/pdf`, `statement-${year}-${name.replace(/\W+/g, '_')}.pdf`)
              }
            >
              {t('portal.receipts.statementFor', { name })}
            </button>
          ))}
      </div>
    </section>
  );
}
