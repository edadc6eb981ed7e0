import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
}

interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem[];
  selected: string;
  onSelect(id: string): void;
  /** Id prefix; the panel the tabs control should carry `id={`${idPrefix}-panel`}`. */
  idPrefix: string;
}

/**
 * A WAI-ARIA tab list: one tab in the tab order, arrow keys / Home / End move between tabs and
 * select them. Render the selected panel with `tabPanelProps(idPrefix, selected)`.
 */
export function Tabs({ label, items, selected, onSelect, idPrefix }: TabsProps) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onSelect(item.id);
    refs.current[item.id]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className="ukd-tabs"
      onKeyDown={onKeyDown}
      style={{
        display: 'flex',
        gap: 'var(--ukd-space-1)',
        borderBottom: '1px solid var(--ukd-color-border)',
        marginBottom: 'var(--ukd-space-4)',
        overflowX: 'auto',
      }}
    >
      {items.map((item) => {
        const active = item.id === selected;
        return (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[item.id] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.id}`}
            aria-selected={active}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(item.id)}
            className="ukd-tabs__tab"
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 'var(--ukd-space-2)',
              minHeight: 44,
              padding: '0 var(--ukd-space-4)',
              border: 'none',
              borderBottom: `3px solid ${active ? 'var(--ukd-color-brand)' : 'transparent'}`,
              background: 'none',
              font: 'inherit',
              fontWeight: active ? 700 : 500,
              color: active ? 'var(--ukd-color-brand-strong)' : 'var(--ukd-color-text)',
              cursor: 'pointer',
              whiteSpace: 'nowrap',
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props for the panel the selected tab shows. */
export function tabPanelProps(idPrefix: string, selected: string) {
  return {
    role: 'tabpanel' as const,
    id: `${idPrefix}-panel`,
    'aria-labelledby': `${idPrefix}-tab-${selected}`,
  };
}
