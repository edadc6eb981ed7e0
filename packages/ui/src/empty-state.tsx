import type { ReactNode } from 'react';
import { type EmptyArt, EmptyStateArt } from './empty-state-art';

export type { EmptyArt } from './empty-state-art';

interface EmptyStateProps {
  title: string;
  /** The picture above the title, for the kind of list that is empty. */
  art?: EmptyArt;
  /** One sentence: why it is empty or what will show here. */
  children?: ReactNode;
  /** A button or link that gets the member going, e.g. "Browse members". */
  action?: ReactNode;
}

/** What a list shows when it has nothing in it: a picture, why, and what to do next. */
export function EmptyState({ title, art, children, action }: EmptyStateProps) {
  return (
    <div
      className="ukd-empty-state"
      data-empty-state={art ?? ''}
      style={{
        textAlign: 'center',
        padding: 'var(--ukd-space-7) var(--ukd-space-4)',
        color: 'var(--ukd-color-text-muted)',
      }}
    >
      {art ? <EmptyStateArt art={art} /> : null}
      <h2 style={{ color: 'var(--ukd-color-text)', fontSize: '1.25rem', margin: '0 0 var(--ukd-space-2)' }}>
        {title}
      </h2>
      {children ? <div style={{ margin: '0 auto var(--ukd-space-4)', maxWidth: 420 }}>{children}</div> : null}
      {action}
    </div>
  );
}
