/**
 * Flirtlane's mark: a white heart on a rose tile, crossed by a winding lane. The same drawing
 * feeds the header and footer (`Logo`, inline, so it costs no request) and the favicon set
 * (`shell/scripts/write-brand-icons.ts` renders `brandMarkSvg()` to files). React-free, so
 * scripts can import it.
 */
export const BRAND_ROSE = '#d6336c';
export const BRAND_DEEP = '#a61e4d';
export const HEART = 'M32 52C6 34 12 12 32 24C52 12 58 34 32 52Z';
export const LANE = 'M13 47C24 43 27 33 36 29S48 22 55 14';

/**
 * The mark as a standalone SVG document (64 × 64 units, rounded tile), or with `padding` a
 * full-bleed square with that much room around the tile, for home-screen icons.
 */
export function brandMarkSvg({ padding = 0 }: { padding?: number } = {}): string {
  const size = 64 + padding * 2;
  const backing = padding
    ? `<rect x="${-padding}" y="${-padding}" width="${size}" height="${size}" fill="url(#tile)"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-padding} ${-padding} ${size} ${size}" width="${size}" height="${size}"><title>Flirtlane</title><defs><linearGradient id="tile" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND_ROSE}"/><stop offset="1" stop-color="${BRAND_DEEP}"/></linearGradient></defs>${backing}<rect width="64" height="64" rx="${padding ? 0 : 15}" fill="url(#tile)"/><path d="${HEART}" fill="#fff"/><path d="${LANE}" fill="none" stroke="${BRAND_ROSE}" stroke-width="4.5" stroke-linecap="round"/><path d="${LANE}" fill="none" stroke="#fff" stroke-width="1.2" stroke-dasharray="3 3.5" stroke-linecap="round" opacity="0.9"/></svg>\n`;
}
