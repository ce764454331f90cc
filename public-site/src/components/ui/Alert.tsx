import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

/** A message panel. Errors and warnings are announced immediately (role="alert"). */
export function Alert({ tone = 'info', title, children }: { tone?: Tone; title?: string; children?: ReactNode }) {
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div className={`alert alert--${tone}`} role={urgent ? 'alert' : 'status'}>
      {title ? <strong className="alert__title">{title}</strong> : null}
      {children ? <div className="alert__body">{children}</div> : null}
    </div>
  );
}
