/**
 * The palette and geometry every generated portrait is drawn from. Everything is deterministic:
 * a look is a plain object, and the same look always draws the same SVG.
 */

export type PortraitGender = 'male' | 'female';

export type FemaleHair =
  | 'long-straight'
  | 'long-wavy'
  | 'bob'
  | 'pixie'
  | 'bun'
  | 'ponytail'
  | 'afro'
  | 'braids'
  | 'headscarf';
export type MaleHair =
  | 'crop'
  | 'side-part'
  | 'quiff'
  | 'buzz'
  | 'curly-top'
  | 'afro-short'
  | 'shaved'
  | 'locs';
export type HairStyle = FemaleHair | MaleHair;

export type Clothing = 'crew' | 'v-neck' | 'shirt' | 'hoodie' | 'jacket' | 'scoop' | 'turtleneck';
export type FacialHair = 'none' | 'stubble' | 'beard' | 'moustache';

export interface SkinTone {
  base: string;
  shadow: string;
  light: string;
  lip: string;
}

export interface PortraitLook {
  gender: PortraitGender;
  skin: SkinTone;
  /** SPEC §3 hair colour key (2 Black, 3 Brown, 4 Blonde, 5 White, 6 Red). */
  hairColour: 2 | 3 | 4 | 5 | 6;
  hair: HairStyle;
  /** SPEC §3 eye colour key (2 Blue, 3 Brown, 4 Gray, 5 Green). */
  eyeColour: 2 | 3 | 4 | 5;
  /** Half widths of the face at the cheekbones and the jaw, and of the chin. */
  face: { cheek: number; jaw: number; chin: number };
  smile: 'soft' | 'wide';
  facialHair: FacialHair;
  glasses: 'none' | 'round' | 'square';
  earrings: boolean;
  freckles: boolean;
  clothing: Clothing;
  clothingColour: string;
  accentColour: string;
  backdrop: readonly [string, string];
  /** Soft out-of-focus lights behind the sitter: x, y, radius. */
  lights: readonly (readonly [number, number, number])[];
}

/** From light to deep; the lip colour is mixed from the skin so it never looks painted on. */
export const SKIN_TONES: readonly SkinTone[] = [
  '#f6d9c6',
  '#efc5a6',
  '#e2ae8a',
  '#cf956c',
  '#b57a52',
  '#94603e',
  '#764a2e',
  '#56341f',
].map((base) => ({
  base,
  shadow: shade(base, 0.84),
  light: mix(base, '#ffffff', 0.22),
  lip: mix(shade(base, 0.78), '#b4475a', 0.42),
}));

export const HAIR_COLOURS: Record<PortraitLook['hairColour'], { fill: string; shine: string }> = {
  2: { fill: '#1d1714', shine: '#3d322c' },
  3: { fill: '#5b3a26', shine: '#80573b' },
  4: { fill: '#d6b06a', shine: '#ecd29a' },
  5: { fill: '#c9c4bc', shine: '#e7e3dd' },
  6: { fill: '#a4442a', shine: '#c9643f' },
};

export const EYE_COLOURS: Record<PortraitLook['eyeColour'], string> = {
  2: '#4d82b8',
  3: '#5a3a1f',
  4: '#7c8b94',
  5: '#4f8a5b',
};

export const BACKDROPS: readonly (readonly [string, string])[] = [
  ['#fbe3e8', '#f3b6c6'],
  ['#fdebd8', '#f6c39c'],
  ['#f3ecdc', '#dccaa2'],
  ['#e3f1e6', '#a9d3b5'],
  ['#dff1f2', '#94cdd2'],
  ['#e2ecfa', '#a8c3ea'],
  ['#ece5f8', '#c3b1e6'],
  ['#e9ebee', '#b9c0ca'],
  ['#fbf1d5', '#edd07f'],
  ['#f9e1d9', '#e8a594'],
];

export const CLOTHING_COLOURS = [
  '#243447',
  '#3b3f46',
  '#f4f1ea',
  '#7d2a3a',
  '#2f5d4a',
  '#d39b2a',
  '#1f7a7a',
  '#4a6fa5',
  '#e7a3b5',
  '#6b7340',
  '#b85c3c',
  '#1c1c1e',
  '#9aa0a8',
  '#8c78b8',
] as const;

/** Canvas geometry shared by every part: a 400 × 400 square, head centred on x = 200. */
export const G = { edge: 400, cx: 200, top: 98, eyeY: 198, chinY: 300, mouthY: 262 } as const;

export function shade(hex: string, factor: number): string {
  const [r, g, b] = rgb(hex);
  return toHex(r * factor, g * factor, b * factor);
}

export function mix(hex: string, other: string, amount: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return toHex(a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount);
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

function toHex(...channels: number[]): string {
  return `#${channels
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Numbers in paths with at most one decimal, so the files stay small and diff well. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

/** A point list `x,y x,y` with every x mirrored about the head's centre line. */
export function mirrorX(x: number): number {
  return 2 * G.cx - x;
}

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
