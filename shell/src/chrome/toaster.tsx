import type { EventBus } from '@ukd/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'info' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  durationMs: number;
  action?: { label: string; onClick(): void };
}

/** SPEC §9 default durations: deletions 2000 ms, failures 1500 ms. */
const defaultDuration: Record<ToastType, number> = { success: 2000, info: 3000, error: 1500 };

/** The page's toasts: the shell's own code calls `show`; remotes emit `shell:toast` on the bus. */
export function createToaster(bus: EventBus) {
  let toasts: Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  function dismiss(id: number) {
    toasts = toasts.filter((toast) => toast.id !== id);
    notify();
  }

  function show(toast: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }) {
    const id = nextId++;
    toasts = [...toasts, { ...toast, id, durationMs: toast.durationMs ?? defaultDuration[toast.type] }];
    notify();
    return id;
  }

  bus.on('shell:toast', ({ type, message, durationMs }) => {
    show(durationMs === undefined ? { type, message } : { type, message, durationMs });
  });

  return {
    show,
    dismiss,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => toasts,
  };
}

export type Toaster = ReturnType<typeof createToaster>;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(): void }) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.durationMs, onDismiss]);

  return (
    <div
      className={`shell-toast shell-toast--${toast.type}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
    >
      <span>{toast.message}</span>
      {toast.action && (
        <button
          type="button"
          className="shell-toast__action"
          onClick={() => {
            toast.action?.onClick();
            onDismiss();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="shell-toast__close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** Toasts stack bottom-right (SPEC §8 places the mute toast there), newest last. */
export function Toasts({ toaster }: { toaster: Toaster }) {
  const toasts = useSyncExternalStore(toaster.subscribe, toaster.current);
  const [dismissers] = useState(() => new Map<number, () => void>());
  return (
    <div className="shell-toasts" aria-live="polite">
      {toasts.map((toast) => {
        let dismiss = dismissers.get(toast.id);
        if (!dismiss) {
          dismiss = () => {
            dismissers.delete(toast.id);
            toaster.dismiss(toast.id);
          };
          dismissers.set(toast.id, dismiss);
        }
        return <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />;
      })}
    </div>
  );
}
