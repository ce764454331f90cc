import { useT } from '@/lib/i18n/useT';
import { useEffect, useId, useState } from 'react';
import './SharePanel.css';

const QR_OPTIONS = { width: 200, margin: 2 } as const;

/**
 * Share panel for admins: copy the public link, show a QR code (200 px, margin 2) and download it as PNG.
 * The QR library is loaded only when the code is shown.
 */
export function SharePanel({ url, title, fileName }: { url: string; title: string; fileName: string }) {
  const [copied, setCopied] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [qrError, setQrError] = useState(false);
  const linkId = useId();
  const t = useT();

  useEffect(() => {
    if (!showQr || qr) return;
    let active = true;
    import('qrcode')
      .then((mod) => (mod.default ?? mod).toDataURL(url, QR_OPTIONS))
      .then(
        (dataUrl) => active && setQr(dataUrl),
        () => active && setQrError(true),
      );
    return () => {
      active = false;
    };
  }, [showQr, qr, url]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const input = document.getElementById(linkId) as HTMLInputElement | null;
      input?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  }

  return (
    <section className="share-panel card" aria-labelledby={`${linkId}-title`}>
      <h2 id={`${linkId}-title`} className="share-panel__title">
        {title}
      </h2>
      <div className="share-panel__row">
        <label htmlFor={linkId} className="visually-hidden">
          {t('share.publicLink')}
        </label>
        <input id={linkId} className="share-panel__link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn--small" onClick={() => void copy()}>
          {t('share.copy')}
        </button>
        <button type="button" className="btn btn--small btn--secondary" aria-expanded={showQr} onClick={() => setShowQr((v) => !v)}>
          {showQr ? t('share.hideQr') : t('share.showQr')}
        </button>
      </div>
      <p className="share-panel__status" role="status" aria-live="polite">
        {copied ? t('share.copied') : ''}
      </p>
      {showQr ? (
        <div className="share-panel__qr">
          {qr ? (
            <>
              <img src={qr} width={QR_OPTIONS.width} height={QR_OPTIONS.width} alt={t('share.qrAlt', { url })} />
              <a className="btn btn--small" href={qr} download={fileName}>
                {t('share.download')}
              </a>
            </>
          ) : qrError ? (
            <p className="field__error">{t('share.qrFailed')}</p>
          ) : (
            <p className="muted">{t('share.creating')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
