// Make-ups in the portal (issue 41 §3): "I can't make it" on an upcoming session, the make-up tokens with their expiry,
// and "Book a make-up" listing only the sessions a token may take that have a seat.
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { useT } from '@/lib/i18n/useT';
import { bookMakeup, getMakeups, makeupSessions, reportAbsence, type MakeupSession, type PortalMakeups } from './api/makeups';
import { portalError, type PortalSession } from './api/portal';
import { day, when } from './portalFormat';

/** A token's last day (YYYY-MM-DD, the organization's date) shown as a day, read at noon so no zone moves it. */
const lastDay = (d: string) => day(`${d}T12:00:00`);

export function PortalMakeups({ session, onBooked }: { session: PortalSession; onBooked: () => void }) {
  const t = useT();
  const [data, setData] = useState<PortalMakeups | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [picking, setPicking] = useState<{ tokenId: string; sessions: MakeupSession[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () => getMakeups(session).then(setData, (e: unknown) => setError(portalError(e, t('makeups.loadFailed'))));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  async function act(f: () => Promise<string>) {
    setBusy(true);
    setError(null);
    try {
      setNotice(await f());
    } catch (e) {
      setError(portalError(e, t('makeups.failed')));
    } finally {
      setBusy(false);
    }
  }

  const missing = (sessionId: string) =>
    act(async () => {
      const r = await reportAbsence(session, sessionId);
      await load();
      if (!r.token) return t(`makeups.reported.${r.noTokenReason ?? 'policy'}`);
      return r.token.validUntil ? t('makeups.reported.tokenUntil', { date: lastDay(r.token.validUntil) }) : t('makeups.reported.token');
    });
  const choose = (tokenId: string) =>
    act(async () => {
      setPicking({ tokenId, sessions: await makeupSessions(session, tokenId) });
      return '';
    });
  const book = (tokenId: string, s: MakeupSession) =>
    act(async () => {
      await bookMakeup(session, tokenId, s.id);
      setPicking(null);
      await load();
      onBooked();
      return t('makeups.booked', { title: s.classTitle, when: when(s.startsAt) });
    });

  const usable = data?.tokens.filter((k) => k.state === 'usable') ?? [];
  return (
    <section aria-labelledby="portal-makeups" className="stack">
      <h2 id="portal-makeups">{t('makeups.title')}</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {!data && !error ? <p role="status">{t('makeups.loading')}</p> : null}
      {data ? (
        <>
          <h3>{t('makeups.upcoming')}</h3>
          {data.upcoming.length ? (
            <ul className="portal-list">
              {data.upcoming.map((u) => (
                <li key={`${u.id}:${u.studentId}`}>
                  {t('makeups.sessionLine', { title: u.classTitle, when: when(u.startsAt), name: u.firstName })}{' '}
                  {u.absenceId ? (
                    <em>{t('makeups.absent')}</em>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--secondary btn--small"
                      disabled={busy}
                      aria-label={t('makeups.cantMakeItFor', { title: u.classTitle, when: when(u.startsAt) })}
                      onClick={() => void missing(u.id)}
                    >
                      {t('makeups.cantMakeIt')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('makeups.noUpcoming')}</p>
          )}
          <h3>{t('makeups.tokens')}</h3>
          {data.tokens.length ? (
            <ul className="portal-list">
              {data.tokens.map((k) => (
                <li key={k.id}>
                  {k.label ?? t('makeups.token')}{' '}
                  {k.state === 'usable'
                    ? k.validUntil
                      ? t('makeups.useBy', { date: lastDay(k.validUntil) })
                      : t('makeups.noExpiry')
                    : t(`makeups.state.${k.state}`)}{' '}
                  {k.state === 'usable' ? (
                    <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={() => void choose(k.id)}>
                      {t('makeups.book')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('makeups.noTokens')}</p>
          )}
          {picking && usable.some((k) => k.id === picking.tokenId) ? (
            <div className="portal-panel" role="group" aria-labelledby="portal-makeup-pick">
              <h3 id="portal-makeup-pick">{t('makeups.pickTitle')}</h3>
              {picking.sessions.length ? (
                <ul className="portal-list">
                  {picking.sessions.map((s) => (
                    <li key={s.id}>
                      {t('makeups.offerLine', { title: s.classTitle, when: when(s.startsAt), seats: s.seatsLeft })}{' '}
                      <button
                        type="button"
                        className="btn btn--primary btn--small"
                        disabled={busy}
                        aria-label={t('makeups.bookThis', { title: s.classTitle, when: when(s.startsAt) })}
                        onClick={() => void book(picking.tokenId, s)}
                      >
                        {t('makeups.bookShort')}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('makeups.noSessions')}</p>
              )}
              <div className="portal-actions">
                <button type="button" className="btn btn--ghost btn--small" onClick={() => setPicking(null)}>
                  {t('makeups.close')}
                </button>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
