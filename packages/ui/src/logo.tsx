import { useId } from 'react';
import { BRAND_DEEP, BRAND_ROSE, HEART, LANE } from './brand-mark';

/**
 * The mark alone, e.g. beside a wordmark; decorative, so hidden from screen readers. `size` in
 * pixels, or `em` to scale with the surrounding text.
 */
export function BrandMark({ size = 32 }: { size?: number | 'em' }) {
  // The header and the footer both draw it: each copy needs its own gradient id.
  const tile = `ukd-brand-tile-${useId().replace(/:/g, '')}`;
  // Classes, not style attributes: the logo is in prerendered pages, whose CSP drops inline styles.
  return (
    <svg
      className={size === 'em' ? 'ukd-brand-mark ukd-brand-mark--em' : 'ukd-brand-mark'}
      viewBox="0 0 64 64"
      width={size === 'em' ? undefined : size}
      height={size === 'em' ? undefined : size}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={tile} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={BRAND_ROSE} />
          <stop offset="1" stopColor={BRAND_DEEP} />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${tile})`} />
      <path d={HEART} fill="#fff" />
      <path d={LANE} fill="none" stroke={BRAND_ROSE} strokeWidth="4.5" strokeLinecap="round" />
      <path
        d={LANE}
        fill="none"
        stroke="#fff"
        strokeWidth="1.2"
        strokeDasharray="3 3.5"
        strokeLinecap="round"
        opacity="0.9"
      />
    </svg>
  );
}

/**
 * The logo: the mark and the site's name set as the wordmark, both sized by the surrounding
 * font size. The name comes from the site's settings (`SITE_NAME`), so it is text, not a drawing
 * of "Flirtlane": it stays sharp, selectable and right for any site the build serves.
 */
export function Logo({
  siteName,
  onDark = false,
}: {
  siteName: string;
  /** On a dark background (the footer) the name is set in white. */
  onDark?: boolean;
}) {
  return (
    <span className="ukd-logo">
      <BrandMark size="em" />
      <span className={onDark ? 'ukd-logo__word ukd-logo__word--on-dark' : 'ukd-logo__word'}>{siteName}</span>
    </span>
  );
}
