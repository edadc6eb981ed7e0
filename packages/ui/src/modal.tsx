import { type ReactNode, useEffect, useId, useRef } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>`: focus moves in and is trapped, Escape and the
 * backdrop close it, and focus returns to what opened it. Put its actions in `children`.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is for the backdrop only; keyboards close with Escape (cancel) or the close button
    <dialog
      ref={ref}
      className="ukd-modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
      style={{
        width: 'min(480px, calc(100vw - 32px))',
        maxHeight: 'calc(100vh - 32px)',
        padding: 0,
        border: 'none',
        borderRadius: 'var(--ukd-radius)',
        boxShadow: 'var(--ukd-shadow)',
        color: 'var(--ukd-color-text)',
      }}
    >
      {open ? (
        <div style={{ padding: 'var(--ukd-space-5)' }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: 8 }}>
            <h2 id={titleId} style={{ margin: '0 0 var(--ukd-space-3)', fontSize: '1.25rem' }}>
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="ukd-button ukd-button--ghost"
              style={{ minHeight: 44, minWidth: 44, padding: 0 }}
            >
              ×
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
