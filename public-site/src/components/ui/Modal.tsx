import { useT } from '@/lib/i18n/useT';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * Accessible modal built on <dialog>: focus is trapped by the browser, Escape closes it.
 * @example <Modal open={open} title="Already Enrolled" onClose={() => setOpen(false)}>…</Modal>
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <>
          <div className="modal__header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="modal__close" onClick={onClose} aria-label={t('modal.close')}>
              ×
            </button>
          </div>
          <div className="modal__body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
