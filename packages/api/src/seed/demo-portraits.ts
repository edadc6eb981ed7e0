/**
 * Deterministic illustrated portraits for the demo members, so browse has pictures without
 * shipping photos of real people. Colours follow the member's hair and eye colour keys.
 */
/** Portraits are square SVGs of this many pixels. */
export const PORTRAIT_EDGE = 600;

export interface PortraitLook {
  gender: 'male' | 'female';
  /** SPEC §3 hair colour key (2 Black, 3 Brown, 4 Blonde, 5 White, 6 Red). */
  hairColour: number;
  /** SPEC §3 eye colour key (2 Blue, 3 Brown, 4 Gray, 5 Green). */
  eyeColour: number;
  /** 0..1 values picking skin tone, backdrop and clothes. */
  skin: number;
  backdrop: number;
  shirt: number;
}

const HAIR: Record<number, string> = {
  2: '#1f1a17',
  3: '#6b4226',
  4: '#e3c16f',
  5: '#d9d6cf',
  6: '#b5452a',
  7: '#4b3a6b',
};
const EYES: Record<number, string> = { 2: '#3b7dd8', 3: '#5a3b22', 4: '#7d8a93', 5: '#3f8f55', 6: '#6a5acd' };
const SKIN = ['#f6d7c3', '#eec1a2', '#d9a27c', '#b97a56', '#8d5a3b', '#5e3b27'];
const BACKDROPS: [string, string][] = [
  ['#ffd1dc', '#ff8fab'],
  ['#c9e4ff', '#7fb2f0'],
  ['#d4f5e9', '#6fcf97'],
  ['#fff1c1', '#f6c343'],
  ['#e5d4ff', '#a685e2'],
  ['#ffe0cc', '#ff9f68'],
  ['#d0f0f7', '#4fb3c8'],
  ['#f3f3f3', '#b8c1cc'],
];
const SHIRTS = [
  '#2d3a4a',
  '#c0392b',
  '#16a085',
  '#8e44ad',
  '#f39c12',
  '#2980b9',
  '#ecf0f1',
  '#34495e',
  '#e84393',
];

const at = <T>(list: readonly T[], x: number): T =>
  list[Math.min(list.length - 1, Math.floor(x * list.length))] as T;

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v * factor)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(n >> 16)}${c((n >> 8) & 255)}${c(n & 255)}`;
}

export function portraitSvg(look: PortraitLook): string {
  const hair = HAIR[look.hairColour] ?? HAIR[3];
  const eyes = EYES[look.eyeColour] ?? EYES[3];
  const skin = at(SKIN, look.skin);
  const [bgTop, bgBottom] = at(BACKDROPS, look.backdrop);
  const shirt = at(SHIRTS, look.shirt);
  const female = look.gender === 'female';
  const longHairBack = female
    ? `<path d="M178 280 C160 150 240 110 300 110 C360 110 440 150 422 280 L440 470 C400 500 200 500 160 470 Z" fill="${hair}"/>`
    : '';
  const hairTop = female
    ? `<path d="M190 270 C180 160 250 128 300 128 C370 128 425 170 410 280 C395 215 350 190 300 196 C255 200 215 220 190 270 Z" fill="${hair}"/>`
    : `<path d="M195 250 C190 160 250 135 300 135 C365 135 415 165 405 250 C390 205 350 188 300 190 C250 192 210 205 195 250 Z" fill="${hair}"/>`;
  const beard =
    !female && look.shirt > 0.6
      ? `<path d="M215 300 C225 390 375 390 385 300 C370 350 230 350 215 300 Z" fill="${shade(hair ?? '#000', 1.05)}" opacity="0.85"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#bg)"/>
${longHairBack}
<path d="M100 600 C100 470 195 425 300 425 C405 425 500 470 500 600 Z" fill="${shirt}"/>
<path d="M255 425 C270 470 330 470 345 425 Z" fill="${shade(skin, 0.92)}"/>
<rect x="262" y="330" width="76" height="110" rx="32" fill="${shade(skin, 0.9)}"/>
<ellipse cx="300" cy="270" rx="105" ry="125" fill="${skin}"/>
<ellipse cx="196" cy="280" rx="14" ry="24" fill="${shade(skin, 0.93)}"/>
<ellipse cx="404" cy="280" rx="14" ry="24" fill="${shade(skin, 0.93)}"/>
${hairTop}
${beard}
<ellipse cx="262" cy="272" rx="15" ry="10" fill="#fff"/><circle cx="262" cy="272" r="7" fill="${eyes}"/><circle cx="262" cy="272" r="3" fill="#111"/>
<ellipse cx="338" cy="272" rx="15" ry="10" fill="#fff"/><circle cx="338" cy="272" r="7" fill="${eyes}"/><circle cx="338" cy="272" r="3" fill="#111"/>
<path d="M243 250 Q262 240 281 250" stroke="${shade(hair ?? '#000', 0.8)}" stroke-width="5" fill="none" stroke-linecap="round"/>
<path d="M319 250 Q338 240 357 250" stroke="${shade(hair ?? '#000', 0.8)}" stroke-width="5" fill="none" stroke-linecap="round"/>
<path d="M300 285 Q292 312 304 318" stroke="${shade(skin, 0.8)}" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M268 338 Q300 362 332 338" stroke="${female ? '#c2185b' : shade(skin, 0.6)}" stroke-width="${female ? 7 : 5}" fill="none" stroke-linecap="round"/>
</svg>`;
}
