import type { CSSProperties } from 'react';

interface BadgeProps {
  /** Nothing is rendered for 0 or less, so a count badge disappears when everything is seen. */
  count: number;
  /** What the number counts, for screen readers: "3 new visitors". */
  label: string;
  /** Counts above this read `max+`. */
  max?: number;
  tone?: 'brand' | 'muted';
  className?: string;
}

/** A small count pill (unread messages, new visitors, unread favourites). */
export function Badge({ count, label, max = 99, tone = 'brand', className }: BadgeProps) {
  if (!(count > 0)) return null;
  const style: CSSProperties = {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 20,
    height: 20,
    padding: '0 6px',
    borderRadius: 'var(--ukd-radius-pill)',
    background: tone === 'brand' ? 'var(--ukd-color-brand)' : 'var(--ukd-color-border)',
    color: tone === 'brand' ? '#fff' : 'var(--ukd-color-text)',
    fontSize: '0.75rem',
    fontWeight: 700,
    lineHeight: 1,
  };
  return (
    <span className={['ukd-badge', className].filter(Boolean).join(' ')} style={style}>
      <span aria-hidden="true">{count > max ? `${max}+` : count}</span>
      <span className="ukd-visually-hidden">{`${count} ${label}`}</span>
    </span>
  );
}
