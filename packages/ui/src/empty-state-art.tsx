/** The pictures an empty list can show, one per kind of list. */
export type EmptyArt =
  | 'messages'
  | 'search'
  | 'visitors'
  | 'favourites'
  | 'likes'
  | 'help'
  | 'notifications'
  | 'credits';

const BRAND = 'var(--ukd-color-brand, #d6336c)';
const SOFT = 'var(--ukd-color-brand-soft, #fff0f6)';
const stroke = {
  fill: 'none',
  stroke: BRAND,
  strokeWidth: 4,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A heart of half-width about `s`, centred on (x, y). */
const heart = (x: number, y: number, s: number) =>
  `M${x} ${y + 0.8 * s}C${x - 1.4 * s} ${y - 0.2 * s} ${x - 0.7 * s} ${y - 1.1 * s} ${x} ${y - 0.45 * s}C${x + 0.7 * s} ${y - 1.1 * s} ${x + 1.4 * s} ${y - 0.2 * s} ${x} ${y + 0.8 * s}Z`;

function Drawing({ art }: { art: EmptyArt }) {
  switch (art) {
    case 'messages':
      return (
        <>
          <path
            {...stroke}
            d="M22 34h46a8 8 0 0 1 8 8v22a8 8 0 0 1-8 8H42l-12 10v-10h-8a8 8 0 0 1-8-8V42a8 8 0 0 1 8-8z"
          />
          <path {...stroke} d="M80 48h10a8 8 0 0 1 8 8v18a8 8 0 0 1-8 8h-4v8l-10-8H56" opacity="0.55" />
          <path d={heart(45, 52, 8)} fill={BRAND} />
        </>
      );
    case 'search':
      return (
        <>
          <circle {...stroke} cx="50" cy="50" r="22" />
          <path {...stroke} d="M66 66l20 20" strokeWidth={7} />
          <path d={heart(50, 50, 9)} fill={BRAND} />
        </>
      );
    case 'visitors':
      return (
        <>
          <path {...stroke} d="M16 56s15-24 40-24 40 24 40 24-15 24-40 24-40-24-40-24z" />
          <circle cx="56" cy="56" r="14" fill={SOFT} stroke={BRAND} strokeWidth={4} />
          <path d={heart(56, 56, 7)} fill={BRAND} />
        </>
      );
    case 'favourites':
      return (
        <>
          <path {...stroke} d="M56 22l10 21 23 3-17 16 4 23-20-11-20 11 4-23-17-16 23-3z" fill={SOFT} />
          <path {...stroke} d="M88 20v10M83 25h10M24 78v8M20 82h8" strokeWidth={3} opacity="0.6" />
        </>
      );
    case 'likes':
      return (
        <>
          <path d={heart(56, 54, 22)} fill={SOFT} stroke={BRAND} strokeWidth={4} strokeLinejoin="round" />
          <path {...stroke} d="M86 22v10M81 27h10M22 30v8M18 34h8" strokeWidth={3} opacity="0.6" />
        </>
      );
    case 'help':
      return (
        <>
          <circle {...stroke} cx="56" cy="56" r="32" />
          <circle {...stroke} cx="56" cy="56" r="14" />
          <path
            {...stroke}
            d="M34 34l12 12M78 34L66 46M34 78l12-12M78 78L66 66"
            strokeWidth={6}
            opacity="0.55"
          />
        </>
      );
    case 'notifications':
      return (
        <>
          <path {...stroke} d="M56 24a20 20 0 0 1 20 20v14l8 12H28l8-12V44a20 20 0 0 1 20-20z" />
          <path {...stroke} d="M48 78a8 8 0 0 0 16 0" />
          <path {...stroke} d="M47 48l6 6 12-12" strokeWidth={5} />
        </>
      );
    case 'credits':
      return (
        <>
          <ellipse {...stroke} cx="56" cy="40" rx="26" ry="9" fill={SOFT} />
          <path {...stroke} d="M30 40v14c0 5 12 9 26 9s26-4 26-9V40M30 54v14c0 5 12 9 26 9s26-4 26-9V54" />
          <path d={heart(56, 38, 5)} fill={BRAND} />
        </>
      );
  }
}

/** A friendly 112 px picture for an empty list; decoration only, so hidden from screen readers. */
export function EmptyStateArt({ art }: { art: EmptyArt }) {
  return (
    <svg
      className="ukd-empty-state__art"
      viewBox="0 0 112 112"
      width="112"
      height="112"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block', margin: '0 auto var(--ukd-space-3, 12px)' }}
    >
      <circle cx="56" cy="56" r="56" fill={SOFT} />
      <Drawing art={art} />
    </svg>
  );
}
