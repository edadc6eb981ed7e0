import { EYE_COLOURS, G, HAIR_COLOURS, mix, n, type PortraitLook, shade } from './portrait-kit';

const { cx, top, eyeY, chinY, mouthY } = G;

/** The outline of the face from crown to chin; hair and headscarves draw around it. */
export function facePath(look: PortraitLook, grow = 0): string {
  const { cheek, jaw, chin } = look.face;
  const c = cheek + grow;
  const j = jaw + grow;
  const t = top - grow;
  const jawY = 262;
  const bottom = chinY + grow;
  return `M${cx} ${t} C${n(cx + c * 0.78)} ${t} ${n(cx + c)} ${t + 44} ${n(cx + c)} ${eyeY} C${n(cx + c)} ${eyeY + 34} ${n(cx + j)} ${jawY - 6} ${n(cx + chin + 10)} ${bottom - 10} Q${cx} ${bottom + 6} ${n(cx - chin - 10)} ${bottom - 10} C${n(cx - j)} ${jawY - 6} ${n(cx - c)} ${eyeY + 34} ${n(cx - c)} ${eyeY} C${n(cx - c)} ${t + 44} ${n(cx - c * 0.78)} ${t} ${cx} ${t} Z`;
}

/** Ears, the head with its light from the upper left, and a shadow cast on the neck. */
export function head(look: PortraitLook): string {
  const { skin } = look;
  const ex = look.face.cheek - 3;
  const ears = [-1, 1]
    .map((side) => {
      const x = cx + side * ex;
      return `<ellipse cx="${n(x + side * 4)}" cy="${eyeY + 14}" rx="10" ry="18" fill="${skin.shadow}"/><path d="M${n(x + side * 3)} ${eyeY + 3} Q${n(x + side * 11)} ${eyeY + 12} ${n(x + side * 4)} ${eyeY + 26}" stroke="${shade(skin.shadow, 0.85)}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  return `<defs><radialGradient id="skin" cx="0.42" cy="0.36" r="0.68"><stop offset="0" stop-color="${skin.light}"/><stop offset="0.55" stop-color="${skin.base}"/><stop offset="1" stop-color="${skin.shadow}"/></radialGradient><radialGradient id="blush" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#e0707f" stop-opacity="${look.gender === 'female' ? 0.32 : 0.16}"/><stop offset="1" stop-color="#e0707f" stop-opacity="0"/></radialGradient></defs>${ears}<path d="${facePath(look)}" fill="url(#skin)"/>`;
}

/** Eyes with lids and a catch light, brows, nose, cheeks and the mouth. */
export function features(look: PortraitLook): string {
  const female = look.gender === 'female';
  const { skin } = look;
  const iris = EYE_COLOURS[look.eyeColour];
  const hair = HAIR_COLOURS[look.hairColour];
  // Grey and blonde brows read better a little darker than the hair.
  const brow = look.hairColour === 5 ? '#8d8780' : shade(hair.fill, look.hairColour === 4 ? 0.7 : 0.92);
  const lid = mix(shade(skin.shadow, 0.45), '#1e1411', 0.5);
  const gap = female ? 31 : 32;
  const eyes = [-1, 1]
    .map((side) => {
      const x = cx + side * gap;
      const outer = x + side * 14;
      const inner = x - side * 13;
      const socket = `<ellipse cx="${x}" cy="${eyeY - 4}" rx="18" ry="10" fill="${skin.shadow}" opacity="0.45"/>`;
      const white = `M${inner} ${eyeY + 1} Q${x} ${eyeY - 11} ${outer} ${eyeY} Q${x} ${eyeY + 9} ${inner} ${eyeY + 1} Z`;
      const clip = `<clipPath id="eye${side}"><path d="${white}"/></clipPath>`;
      const ball = `<path d="${white}" fill="#faf6f2"/><g clip-path="url(#eye${side})"><circle cx="${x}" cy="${eyeY}" r="7" fill="${iris}"/><circle cx="${x}" cy="${eyeY}" r="7" fill="none" stroke="${shade(iris, 0.6)}" stroke-width="1.2"/><circle cx="${x}" cy="${eyeY}" r="3.2" fill="#140e0c"/><circle cx="${x + 2.4}" cy="${eyeY - 2.6}" r="1.7" fill="#fff"/></g>`;
      const lidLine = `<path d="M${inner - side * 1} ${eyeY + 1.5} Q${x} ${eyeY - 12.5} ${outer + side * 1} ${eyeY - 0.5}${female ? ` L${outer + side * 5} ${eyeY - 4}` : ''}" stroke="${lid}" stroke-width="${female ? 3 : 2.4}" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="M${inner + side * 3} ${eyeY + 5} Q${x} ${eyeY + 10} ${outer - side * 2} ${eyeY + 3}" stroke="${skin.shadow}" stroke-width="1.5" fill="none" opacity="0.8"/>`;
      const bx = x - side * 17;
      const arch = female ? 6 : 3;
      const thick = female ? 3.5 : 5.5;
      const browShape = `<path d="M${bx} ${eyeY - 15} Q${x} ${eyeY - 24 - arch} ${x + side * 17} ${eyeY - 17} Q${x} ${eyeY - 24 - arch + thick} ${bx} ${eyeY - 15 + thick} Z" fill="${brow}"/>`;
      return `${socket}${clip}${ball}${lidLine}${browShape}`;
    })
    .join('');
  const nose = `<path d="M${cx + 5} ${eyeY + 16} C${cx + 8} ${eyeY + 26} ${cx + 12} ${eyeY + 32} ${cx + 11} ${eyeY + 38}" stroke="${skin.shadow}" stroke-width="3" fill="none" opacity="0.6" stroke-linecap="round"/><path d="M${cx - 12} ${eyeY + 38} Q${cx - 16} ${eyeY + 44} ${cx - 8} ${eyeY + 45} Q${cx} ${eyeY + 50} ${cx + 8} ${eyeY + 45} Q${cx + 16} ${eyeY + 44} ${cx + 12} ${eyeY + 38}" stroke="${shade(skin.shadow, 0.82)}" stroke-width="2.4" fill="none" stroke-linecap="round"/><ellipse cx="${cx - 2}" cy="${eyeY + 38}" rx="6" ry="4" fill="${skin.light}" opacity="0.6"/>`;
  const cheeks = `<ellipse cx="${cx - 44}" cy="${eyeY + 36}" rx="22" ry="14" fill="url(#blush)"/><ellipse cx="${cx + 44}" cy="${eyeY + 36}" rx="22" ry="14" fill="url(#blush)"/>`;
  const freckles = look.freckles
    ? [-1, 1]
        .flatMap((side) =>
          [
            [34, 26],
            [42, 30],
            [28, 32],
            [38, 36],
            [48, 24],
          ].map(
            ([dx = 0, dy = 0]) =>
              `<circle cx="${cx + side * dx}" cy="${eyeY + dy}" r="1.4" fill="${shade(skin.shadow, 0.8)}" opacity="0.7"/>`,
          ),
        )
        .join('')
    : '';
  return `${cheeks}${freckles}${eyes}${nose}${mouth(look)}`;
}

function mouth(look: PortraitLook): string {
  const w = look.gender === 'female' ? 22 : 23;
  const lip = look.skin.lip;
  const upper = shade(lip, 0.86);
  const line = shade(lip, 0.6);
  const y = mouthY;
  if (look.smile === 'wide') {
    const open = `M${cx - w} ${y - 2} Q${cx} ${y + 4} ${cx + w} ${y - 2} Q${cx} ${y + 20} ${cx - w} ${y - 2} Z`;
    return `<clipPath id="mouth"><path d="${open}"/></clipPath><path d="${open}" fill="#6b2e33"/><g clip-path="url(#mouth)"><rect x="${cx - w}" y="${y - 4}" width="${w * 2}" height="10" rx="3" fill="#fbf8f3"/></g><path d="M${cx - w - 2} ${y - 3} Q${cx - 10} ${y - 9} ${cx} ${y - 6} Q${cx + 10} ${y - 9} ${cx + w + 2} ${y - 3} Q${cx} ${y + 2} ${cx - w - 2} ${y - 3} Z" fill="${upper}"/><path d="M${cx - w + 2} ${y + 7} Q${cx} ${y + 24} ${cx + w - 2} ${y + 7} Q${cx} ${y + 17} ${cx - w + 2} ${y + 7} Z" fill="${lip}"/>`;
  }
  return `<path d="M${cx - w} ${y - 1} Q${cx - 10} ${y - 7} ${cx} ${y - 4} Q${cx + 10} ${y - 7} ${cx + w} ${y - 1} Q${cx} ${y + 2} ${cx - w} ${y - 1} Z" fill="${upper}"/><path d="M${cx - w} ${y - 1} Q${cx} ${y + 2} ${cx + w} ${y - 1} Q${cx} ${y + 15} ${cx - w} ${y - 1} Z" fill="${lip}"/><path d="M${cx - w - 3} ${y - 4} Q${cx - w} ${y} ${cx - w + 3} ${y} Q${cx} ${y + 4} ${cx + w - 3} ${y} Q${cx + w} ${y} ${cx + w + 3} ${y - 4}" stroke="${line}" stroke-width="2" fill="none" stroke-linecap="round"/><ellipse cx="${cx + 4}" cy="${y + 6}" rx="7" ry="2.2" fill="#fff" opacity="0.22"/>`;
}

/** Stubble, a full beard or a moustache, drawn under the lips so the mouth stays clear. */
export function facialHair(look: PortraitLook): string {
  if (look.facialHair === 'none') return '';
  const { fill } = HAIR_COLOURS[look.hairColour];
  const c = look.face.cheek;
  const { jaw, chin } = look.face;
  const y = mouthY;
  const moustache = `<path d="M${cx - 26} ${y - 2} Q${cx - 22} ${y - 16} ${cx} ${y - 12} Q${cx + 22} ${y - 16} ${cx + 26} ${y - 2} Q${cx + 14} ${y - 8} ${cx} ${y - 6} Q${cx - 14} ${y - 8} ${cx - 26} ${y - 2} Z" fill="${fill}"/>`;
  if (look.facialHair === 'moustache') return moustache;
  const full = look.facialHair === 'beard';
  const drop = full ? 14 : 2;
  const area = `M${n(cx - c + 1)} ${eyeY + 4} C${n(cx - c + 1)} ${eyeY + 40} ${n(cx - jaw)} 258 ${n(cx - chin - 10)} ${chinY - 10 + drop} Q${cx} ${chinY + 8 + drop} ${n(cx + chin + 10)} ${chinY - 10 + drop} C${n(cx + jaw)} 258 ${n(cx + c - 1)} ${eyeY + 40} ${n(cx + c - 1)} ${eyeY + 4} L${n(cx + c - 12)} ${eyeY + 10} C${n(cx + c - 14)} ${eyeY + 40} ${cx + 40} ${y - 14} ${cx + 28} ${y - 8} Q${cx} ${y - 20} ${cx - 28} ${y - 8} C${cx - 40} ${y - 14} ${n(cx - c + 14)} ${eyeY + 40} ${n(cx - c + 12)} ${eyeY + 10} Z M${cx - 26} ${y + 8} Q${cx} ${y + 24} ${cx + 26} ${y + 8} Q${cx} ${y + 18} ${cx - 26} ${y + 8} Z`;
  return `<path d="${area}" fill="${fill}" fill-rule="evenodd" opacity="${full ? 0.96 : 0.26}"/>${full ? moustache : ''}`;
}

/** Glasses and earrings go on last, over hair that falls past the ears. */
export function accessories(look: PortraitLook): string {
  const parts: string[] = [];
  if (look.earrings) {
    const r = look.face.cheek + 2;
    const metal = look.gender === 'female' ? '#d9b45a' : '#c9ccd1';
    for (const side of [-1, 1]) {
      parts.push(
        look.gender === 'female'
          ? `<circle cx="${n(cx + side * r)}" cy="${eyeY + 36}" r="6" fill="none" stroke="${metal}" stroke-width="2.5"/>`
          : `<circle cx="${n(cx + side * r)}" cy="${eyeY + 30}" r="2.6" fill="${metal}"/>`,
      );
    }
  }
  if (look.glasses !== 'none') {
    const frame = look.glasses === 'round' ? '#3a2a22' : '#1f2227';
    const rx = look.glasses === 'round' ? 17 : 7;
    const lenses = [-1, 1]
      .map(
        (side) =>
          `<rect x="${cx + side * 32 - 19}" y="${eyeY - 15}" width="38" height="${look.glasses === 'round' ? 34 : 28}" rx="${rx}" fill="#ffffff" fill-opacity="0.12" stroke="${frame}" stroke-width="3.2"/>`,
      )
      .join('');
    const c = look.face.cheek;
    parts.push(
      `${lenses}<path d="M${cx - 13} ${eyeY - 3} Q${cx} ${eyeY - 9} ${cx + 13} ${eyeY - 3} M${cx - 51} ${eyeY - 6} L${n(cx - c + 1)} ${eyeY - 2} M${cx + 51} ${eyeY - 6} L${n(cx + c - 1)} ${eyeY - 2}" stroke="${frame}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    );
  }
  return parts.join('');
}
