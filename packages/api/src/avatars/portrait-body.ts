import { G, mix, n, type PortraitLook, shade } from './portrait-kit';

/** Studio backdrop: a soft diagonal gradient with a few out-of-focus lights and a vignette. */
export function backdrop(look: PortraitLook): string {
  const [from, to] = look.backdrop;
  const lights = look.lights
    .map(([x, y, r]) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#fff" opacity="0.28"/>`)
    .join('');
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient><radialGradient id="vignette" cx="0.5" cy="0.42" r="0.7"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></radialGradient></defs><rect width="400" height="400" fill="url(#bg)"/>${lights}<rect width="400" height="400" fill="url(#vignette)"/>`;
}

function neckHalf(look: PortraitLook): number {
  return look.gender === 'female' ? 27 : 33;
}

/** The neck, darker under the jaw where the head shades it. */
export function neck(look: PortraitLook): string {
  const w = neckHalf(look);
  const { cx } = G;
  return `<defs><linearGradient id="neck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(look.skin.shadow, 0.8)}"/><stop offset="0.6" stop-color="${look.skin.shadow}"/><stop offset="1" stop-color="${look.skin.base}"/></linearGradient></defs><path d="M${cx - w} 250 L${cx - w - 3} 330 Q${cx} 350 ${cx + w + 3} 330 L${cx + w} 250 Z" fill="url(#neck)"/>`;
}

/** Shoulders and clothes; each cut shows skin at the neckline where it would. */
export function clothing(look: PortraitLook): string {
  const female = look.gender === 'female';
  const w = neckHalf(look);
  const { cx } = G;
  const out = female ? 132 : 150;
  const base = look.clothingColour;
  const dark = shade(base, 0.78);
  const seam = shade(base, 0.66);
  const skin = look.skin.base;
  const shoulders = `M${cx - out - 20} 400 C${cx - out - 14} 360 ${cx - out + 14} 338 ${cx - w - 26} 326 Q${cx} 318 ${cx + w + 26} 326 C${cx + out - 14} 338 ${cx + out + 14} 360 ${cx + out + 20} 400 Z`;
  const body = `<defs><linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(base, '#ffffff', 0.08)}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs><path d="${shoulders}" fill="url(#cloth)"/><path d="M${cx - out + 4} 400 C${cx - out + 10} 380 ${cx - out + 18} 366 ${cx - out + 30} 356 M${cx + out - 4} 400 C${cx + out - 10} 380 ${cx + out - 18} 366 ${cx + out - 30} 356" stroke="${seam}" stroke-width="2" fill="none" opacity="0.5"/>`;
  const opening = (d: string) =>
    `<path d="${d}" fill="${skin}"/><path d="${d}" fill="none" stroke="${seam}" stroke-width="3" stroke-linejoin="round"/>`;
  switch (look.clothing) {
    case 'crew':
      return `${body}${opening(`M${cx - w - 8} 324 Q${cx} 356 ${cx + w + 8} 324 Q${cx} 338 ${cx - w - 8} 324 Z`)}`;
    case 'v-neck':
      return `${body}${opening(`M${cx - w - 6} 323 L${cx} 372 L${cx + w + 6} 323 Q${cx} 334 ${cx - w - 6} 323 Z`)}`;
    case 'scoop':
      return `${body}${opening(`M${cx - w - 26} 327 Q${cx} 392 ${cx + w + 26} 327 Q${cx} 336 ${cx - w - 26} 327 Z`)}`;
    case 'shirt': {
      const collar = mix(base, '#ffffff', 0.12);
      return `${body}${opening(`M${cx - w - 4} 322 L${cx} 366 L${cx + w + 4} 322 Z`)}<path d="M${cx - w - 6} 318 L${cx - 6} 368 L${cx - w - 30} 352 Z M${cx + w + 6} 318 L${cx + 6} 368 L${cx + w + 30} 352 Z" fill="${collar}" stroke="${seam}" stroke-width="2" stroke-linejoin="round"/><path d="M${cx} 368 V400" stroke="${seam}" stroke-width="2"/><circle cx="${cx}" cy="386" r="3" fill="${seam}"/>`;
    }
    case 'hoodie': {
      const hood = `<path d="M${cx - w - 40} 330 C${cx - w - 44} 300 ${cx - w - 10} 290 ${cx} 292 C${cx + w + 10} 290 ${cx + w + 44} 300 ${cx + w + 40} 330 Q${cx} 318 ${cx - w - 40} 330 Z" fill="${dark}"/>`;
      const strings = `<path d="M${cx - 14} 340 L${cx - 17} 384 M${cx + 14} 340 L${cx + 17} 384" stroke="${look.accentColour}" stroke-width="3.5" stroke-linecap="round"/>`;
      return `${hood}${body}${opening(`M${cx - w - 4} 322 Q${cx} 350 ${cx + w + 4} 322 Q${cx} 332 ${cx - w - 4} 322 Z`)}${strings}`;
    }
    case 'jacket': {
      const tee = look.accentColour;
      const lapels = `<path d="M${cx - w - 28} 328 L${cx - 26} 400 L${cx - 50} 400 L${cx - w - 44} 356 Z M${cx + w + 28} 328 L${cx + 26} 400 L${cx + 50} 400 L${cx + w + 44} 356 Z" fill="${shade(base, 0.88)}" stroke="${seam}" stroke-width="2" stroke-linejoin="round"/>`;
      return `${body}<path d="M${cx - w - 24} 326 L${cx - 26} 400 L${cx + 26} 400 L${cx + w + 24} 326 Q${cx} 320 ${cx - w - 24} 326 Z" fill="${tee}"/>${opening(`M${cx - w - 6} 324 Q${cx} 352 ${cx + w + 6} 324 Q${cx} 336 ${cx - w - 6} 324 Z`)}${lapels}`;
    }
    case 'turtleneck': {
      const collar = `<path d="M${cx - w - 4} 292 L${cx - w - 8} 336 Q${cx} 350 ${cx + w + 8} 336 L${cx + w + 4} 292 Q${cx} 304 ${cx - w - 4} 292 Z" fill="${mix(base, '#ffffff', 0.05)}"/>`;
      const ribs = [-18, -6, 6, 18].map((dx) => `M${cx + dx} ${300} L${cx + dx * 1.1} ${340}`).join(' ');
      return `${body}${collar}<path d="${ribs}" stroke="${seam}" stroke-width="1.5" opacity="0.45"/>`;
    }
  }
}
