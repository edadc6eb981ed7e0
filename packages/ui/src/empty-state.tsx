import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  /** A button or link that gets the member going, e.g. "Clear filters". */
  action?: ReactNode;
}

/** What a list shows when it has nothing in it: say why and what to do next. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div
      className="ukd-empty-state"
      style={{
        textAlign: 'center',
        padding: 'var(--ukd-space-7) var(--ukd-space-4)',
        color: 'var(--ukd-color-text-muted)',
      }}
    >
      <h2 style={{ color: 'var(--ukd-color-text)', fontSize: '1.25rem', margin: '0 0 var(--ukd-space-2)' }}>
        {title}
      </h2>
      {children ? <div style={{ margin: '0 auto var(--ukd-space-4)', maxWidth: 420 }}>{children}</div> : null}
      {action}
    </div>
  );
}
