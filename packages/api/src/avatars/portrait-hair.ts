import { G, HAIR_COLOURS, mix, n, type PortraitLook, shade } from './portrait-kit';

/** Hair is drawn in two layers: behind the head and shoulders, and over the face's edges. */
export interface HairLayers {
  back: string;
  front: string;
}

const { cx, top: t, eyeY } = G;

interface Ink {
  fill: string;
  shine: string;
  dark: string;
}

function ink(look: PortraitLook): Ink {
  const { fill, shine } = HAIR_COLOURS[look.hairColour];
  return { fill, shine, dark: shade(fill, 0.72) };
}

/** Close-cropped hair over the skull, down to the sideburns, with a hairline at `line`. */
function cap(c: number, thick: number, line: number, part = 0): string {
  const o = c + thick;
  return `M${n(cx - o + 2)} ${eyeY - 6} C${n(cx - o)} ${t + 30} ${n(cx - c * 0.8)} ${t - thick} ${cx} ${t - thick} C${n(cx + c * 0.8)} ${t - thick} ${n(cx + o)} ${t + 30} ${n(cx + o - 2)} ${eyeY - 6} L${n(cx + c - 2)} ${eyeY + 4} L${n(cx + c - 7)} ${eyeY - 16} C${n(cx + c - 9)} ${line + 8} ${cx + 34 + part} ${line - 2} ${cx + part} ${line + (part ? -4 : 0)} C${cx - 34 + part} ${line - 2} ${n(cx - c + 9)} ${line + 8} ${n(cx - c + 7)} ${eyeY - 16} L${n(cx - c + 2)} ${eyeY + 4} Z`;
}

/** A lock of hair from the parting down one side of the face to `end`, flaring out by `flare`. */
function curtain(c: number, side: 1 | -1, part: number, end: number, flare: number, wavy: boolean): string {
  const X = (dx: number) => n(cx + side * dx);
  const outer = wavy
    ? `C${X(c + 24)} ${eyeY + 40} ${X(c + 6)} ${eyeY + 80} ${X(c + 20)} ${eyeY + 110} S${X(c + flare + 14)} ${end - 20} ${X(c + flare)} ${end}`
    : `C${X(c + 17)} ${end - 70} ${X(c + flare - 6)} ${end - 24} ${X(c + flare)} ${end}`;
  return `M${part} ${t - 4} C${X(c * 0.9)} ${t - 12} ${X(c + 18)} ${t + 40} ${X(c + 17)} ${eyeY + 8} ${outer} L${X(c + 4)} ${end + 2} C${X(c - 2)} ${end - 40} ${X(c - 5)} ${eyeY + 40} ${X(c - 6)} ${eyeY} C${X(c - 8)} ${t + 62} ${X(c * 0.55)} ${t + 34} ${part} ${t + 28} Z`;
}

/** A mass of hair behind the head, from the crown to `end`. */
function mass(c: number, spread: number, end: number, wavy: boolean): string {
  const o = c + spread;
  // Control points of the right-hand fall; the left is its mirror image, walked upwards.
  type P = [number, number];
  const [a, b, e]: [P, P, P] = wavy
    ? [
        [o + 14, eyeY + 40],
        [o - 2, eyeY + 90],
        [o + 12, end],
      ]
    : [
        [o + 4, eyeY + 50],
        [o + 8, end - 40],
        [o + 10, end],
      ];
  const R = ([dx, y]: P) => `${n(cx + dx)} ${y}`;
  const L = ([dx, y]: P) => `${n(cx - dx)} ${y}`;
  return `M${cx} ${t - spread - 4} C${n(cx + c)} ${t - spread - 4} ${n(cx + o)} ${t + 20} ${n(cx + o)} ${eyeY - 10} C${R(a)} ${R(b)} ${R(e)} Q${cx} ${end + 14} ${L(e)} C${L(b)} ${L(a)} ${n(cx - o)} ${eyeY - 10} C${n(cx - o)} ${t + 20} ${n(cx - c)} ${t - spread - 4} ${cx} ${t - spread - 4} Z`;
}

/** Tight curls as overlapping circles around an arc (angles in degrees, 0 = right, 90 = down). */
function curls(centreY: number, radius: number, from: number, to: number, size: number): string {
  const parts: string[] = [];
  const steps = Math.max(3, Math.round(((to - from) * Math.PI * radius) / 180 / (size * 1.1)));
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    parts.push(
      `<circle cx="${n(cx + radius * Math.cos(a))}" cy="${n(centreY + radius * Math.sin(a))}" r="${size}"/>`,
    );
  }
  return parts.join('');
}

function shine(c: number, y: number, colour: string): string {
  return `<path d="M${n(cx - c * 0.62)} ${y + 26} Q${n(cx - c * 0.4)} ${y + 4} ${cx - 6} ${y}" stroke="${colour}" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.55"/>`;
}

function strands(d: string, colour: string): string {
  return `<path d="${d}" stroke="${colour}" stroke-width="1.6" fill="none" opacity="0.45" stroke-linecap="round"/>`;
}

export function hair(look: PortraitLook): HairLayers {
  const c = look.face.cheek;
  const k = ink(look);
  const path = (d: string, fill = k.fill) => `<path d="${d}" fill="${fill}"/>`;
  switch (look.hair) {
    case 'long-straight':
    case 'long-wavy':
    case 'braids': {
      const wavy = look.hair === 'long-wavy';
      const part = look.hair === 'long-straight' ? cx - 18 : cx;
      const front = [1, -1].map((s) => path(curtain(c, s as 1 | -1, part, 362, 34, wavy))).join('');
      const texture =
        look.hair === 'braids'
          ? strands(
              [1, -1]
                .flatMap((s) =>
                  Array.from({ length: 9 }, (_, i) => {
                    const y = eyeY + 10 + i * 17;
                    const x = cx + s * (c + 6 + i * 2.4);
                    return `M${n(x - 7)} ${y} L${n(x)} ${y + 7} L${n(x + 7)} ${y}`;
                  }),
                )
                .join(' '),
              k.dark,
            )
          : strands(
              `M${part + 6} ${t + 4} C${cx + c * 0.5} ${t + 8} ${n(cx + c + 6)} ${t + 60} ${n(cx + c + 10)} ${eyeY + 60} M${part - 6} ${t + 4} C${cx - c * 0.5} ${t + 8} ${n(cx - c - 6)} ${t + 60} ${n(cx - c - 10)} ${eyeY + 60}`,
              k.shine,
            );
      return {
        back: path(mass(c, 20, 352, wavy), k.dark),
        front: `${front}${texture}${shine(c, t - 2, k.shine)}`,
      };
    }
    case 'bob': {
      const fringe = `M${n(cx - c - 8)} ${eyeY - 10} C${n(cx - c - 10)} ${t + 6} ${n(cx - c * 0.5)} ${t - 14} ${cx} ${t - 14} C${n(cx + c * 0.5)} ${t - 14} ${n(cx + c + 10)} ${t + 6} ${n(cx + c + 8)} ${eyeY - 10} L${n(cx + c - 8)} ${eyeY - 18} C${cx + 40} ${t + 56} ${cx + 10} ${t + 62} ${cx - 14} ${t + 60} C${cx - 40} ${t + 58} ${n(cx - c + 8)} ${t + 62} ${n(cx - c + 8)} ${eyeY - 18} Z`;
      const sides = [1, -1].map((s) => path(curtain(c, s as 1 | -1, cx, 290, 20, false))).join('');
      return {
        back: path(mass(c, 16, 288, false), k.dark),
        front: `${sides}${path(fringe)}${shine(c, t - 10, k.shine)}`,
      };
    }
    case 'pixie': {
      const sweep = `M${n(cx - c - 6)} ${eyeY - 4} C${n(cx - c - 10)} ${t + 10} ${n(cx - c * 0.6)} ${t - 16} ${cx + 4} ${t - 16} C${n(cx + c * 0.8)} ${t - 16} ${n(cx + c + 12)} ${t + 20} ${n(cx + c + 6)} ${eyeY - 8} L${n(cx + c - 4)} ${eyeY - 12} C${n(cx + c - 8)} ${t + 50} ${cx + 20} ${t + 40} ${cx - 10} ${t + 50} C${cx - 30} ${t + 58} ${cx - 44} ${eyeY - 26} ${n(cx - c + 6)} ${eyeY - 20} L${n(cx - c + 2)} ${eyeY + 2} Z`;
      return {
        back: '',
        front: `${path(sweep)}${strands(`M${cx - 30} ${t + 2} Q${cx + 10} ${t + 10} ${cx + 40} ${t + 30}`, k.shine)}`,
      };
    }
    case 'bun':
    case 'ponytail': {
      const back =
        look.hair === 'bun'
          ? `<circle cx="${cx}" cy="${t - 26}" r="30" fill="${k.dark}"/><path d="M${cx - 20} ${t - 38} Q${cx} ${t - 50} ${cx + 18} ${t - 36}" stroke="${k.shine}" stroke-width="4" fill="none" opacity="0.5"/>`
          : path(
              `M${n(cx + c - 14)} ${t + 10} C${n(cx + c + 56)} ${t + 20} ${n(cx + c + 40)} ${eyeY + 90} ${n(cx + c + 22)} 336 C${n(cx + c + 6)} 300 ${n(cx + c + 14)} ${eyeY + 40} ${n(cx + c - 24)} ${t + 36} Z`,
              k.dark,
            );
      return { back, front: `${path(cap(c, 7, t + 30))}${shine(c, t - 4, k.shine)}` };
    }
    case 'afro':
      return {
        back: `<g fill="${k.dark}">${curls(eyeY - 30, c + 44, 150, 390, 26)}<circle cx="${cx}" cy="${eyeY - 30}" r="${c + 44}"/></g>`,
        front: `<g fill="${k.fill}">${path(cap(c, 10, t + 32))}${curls(t + 22, c - 14, 195, 345, 12)}</g>`,
      };
    case 'headscarf': {
      const scarf = look.accentColour;
      const { jaw, chin } = look.face;
      const opening = `M${cx} ${t + 24} C${n(cx + c * 0.8)} ${t + 24} ${n(cx + c - 5)} ${t + 58} ${n(cx + c - 5)} ${eyeY + 8} C${n(cx + c - 5)} ${eyeY + 40} ${n(cx + jaw - 5)} 256 ${n(cx + chin + 8)} ${G.chinY - 10} Q${cx} ${G.chinY + 4} ${n(cx - chin - 8)} ${G.chinY - 10} C${n(cx - jaw + 5)} 256 ${n(cx - c + 5)} ${eyeY + 40} ${n(cx - c + 5)} ${eyeY + 8} C${n(cx - c + 5)} ${t + 58} ${n(cx - c * 0.8)} ${t + 24} ${cx} ${t + 24} Z`;
      const outer = `M${cx} ${t - 20} C${n(cx + c + 34)} ${t - 20} ${n(cx + c + 30)} ${eyeY + 44} ${n(cx + c + 36)} 296 C${n(cx + c + 70)} 326 ${n(cx + c + 84)} 366 ${n(cx + c + 86)} 400 L${n(cx - c - 86)} 400 C${n(cx - c - 84)} 366 ${n(cx - c - 70)} 326 ${n(cx - c - 36)} 296 C${n(cx - c - 30)} ${eyeY + 44} ${n(cx - c - 34)} ${t - 20} ${cx} ${t - 20} Z`;
      const folds = `M${n(cx - c - 20)} 300 C${cx - 40} 330 ${cx + 30} 340 ${n(cx + c + 40)} 318 M${n(cx + c + 10)} ${t + 20} C${n(cx + c + 18)} ${eyeY} ${n(cx + c + 10)} 260 ${n(cx + c + 30)} 300`;
      return {
        back: '',
        front: `<path d="${outer} ${opening}" fill="${scarf}" fill-rule="evenodd"/><path d="${folds}" stroke="${shade(scarf, 0.8)}" stroke-width="3" fill="none" stroke-linecap="round"/><path d="${opening}" fill="none" stroke="${shade(scarf, 0.86)}" stroke-width="4"/><path d="M${cx - 40} ${t - 8} Q${cx} ${t - 16} ${cx + 40} ${t - 8}" stroke="${mix(scarf, '#ffffff', 0.3)}" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.6"/>`,
      };
    }
    case 'crop':
      return { back: '', front: `${path(cap(c, 7, t + 38))}${shine(c, t - 4, k.shine)}` };
    case 'side-part':
      return {
        back: '',
        front: `${path(cap(c, 11, t + 36, -24))}<path d="M${cx - 24} ${t - 9} Q${cx - 26} ${t + 10} ${cx - 26} ${t + 30}" stroke="${k.dark}" stroke-width="2.5" fill="none"/>${strands(`M${cx - 20} ${t - 4} Q${cx + 20} ${t - 6} ${n(cx + c)} ${t + 30} M${cx - 18} ${t + 10} Q${cx + 20} ${t + 6} ${n(cx + c - 4)} ${t + 44}`, k.shine)}`,
      };
    case 'quiff': {
      const top = `M${n(cx - c + 4)} ${t + 20} C${cx - 40} ${t - 26} ${cx + 10} ${t - 40} ${cx + 40} ${t - 30} C${n(cx + c)} ${t - 20} ${n(cx + c + 10)} ${t + 10} ${n(cx + c)} ${t + 30} C${cx + 30} ${t + 26} ${cx - 10} ${t + 26} ${n(cx - c + 4)} ${t + 20} Z`;
      return {
        back: '',
        front: `${path(cap(c, 5, t + 38))}${path(top)}${strands(`M${cx - 30} ${t + 4} Q${cx} ${t - 30} ${cx + 44} ${t - 22} M${cx - 16} ${t + 14} Q${cx + 10} ${t - 18} ${cx + 52} ${t - 8}`, k.shine)}`,
      };
    }
    case 'buzz':
      return { back: '', front: `<path d="${cap(c, 3, t + 36)}" fill="${k.fill}" opacity="0.72"/>` };
    case 'shaved':
      return {
        back: '',
        front: `<path d="${cap(c, 1, t + 40)}" fill="${k.fill}" opacity="0.14"/><path d="M${cx - 34} ${t + 14} Q${cx - 10} ${t + 2} ${cx + 14} ${t + 6}" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.2"/>`,
      };
    case 'curly-top':
      return {
        back: '',
        front: `<g fill="${k.fill}">${path(cap(c, 4, t + 38))}${curls(t + 36, c - 8, 200, 340, 13)}${curls(t + 40, c - 28, 215, 325, 12)}</g>`,
      };
    case 'afro-short':
      return {
        back: `<g fill="${k.dark}">${curls(eyeY - 40, c + 8, 170, 370, 15)}</g>`,
        front: `<g fill="${k.fill}">${path(cap(c, 12, t + 36))}${curls(t + 26, c - 6, 195, 345, 11)}</g>`,
      };
    case 'locs': {
      const locs = [1, -1]
        .flatMap((s) =>
          [0, 1, 2, 3, 4].map((i) => {
            const x = cx + s * (c - 4 + i * 7);
            return `M${n(x)} ${t + 30 + i * 10} C${n(x + s * 6)} ${eyeY + 30} ${n(x + s * 2)} ${eyeY + 80} ${n(x + s * 8)} ${300 + i * 8}`;
          }),
        )
        .join(' ');
      return {
        back: path(mass(c, 14, 300, false), k.dark),
        front: `${path(cap(c, 10, t + 34))}<path d="${locs}" stroke="${k.fill}" stroke-width="11" fill="none" stroke-linecap="round"/>${strands(locs, k.shine)}`,
      };
    }
  }
}
