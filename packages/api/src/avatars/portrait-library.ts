import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PORTRAITS_PER_GENDER, portraitFile } from './portrait';
import type { PortraitGender } from './portrait-kit';

/** The committed library: `female-01.svg` … `male-30.svg`, its README and LICENCE. */
export const PORTRAIT_DIR = fileURLToPath(new URL('../../assets/portraits/', import.meta.url));

/** FNV-1a over the seed's UTF-16 code units: cheap, stable and well spread for short ids. */
function fnv1a(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The portrait (0-based) that stands for a member: the same member always gets the same one. */
export function portraitIndexFor(seed: string): number {
  return fnv1a(seed) % PORTRAITS_PER_GENDER;
}

/** The library file for a member without a photo, e.g. `female-07.svg`. */
export function portraitFileFor(gender: PortraitGender, seed: string): string {
  return portraitFile(gender, portraitIndexFor(seed));
}

const FILE = /^(female|male)-(\d\d)\.svg$/;
const cache = new Map<string, Buffer>();

/** A library file's bytes, or null for any name that is not one of its portraits. */
export function readPortrait(file: string): Buffer | null {
  const match = FILE.exec(file);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > PORTRAITS_PER_GENDER) return null;
  let svg = cache.get(file);
  if (!svg) {
    svg = readFileSync(`${PORTRAIT_DIR}${file}`);
    cache.set(file, svg);
  }
  return svg;
}
