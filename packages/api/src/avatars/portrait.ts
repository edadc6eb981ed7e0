import { backdrop, clothing, neck } from './portrait-body';
import { accessories, facialHair, features, head } from './portrait-face';
import { hair } from './portrait-hair';
import {
  BACKDROPS,
  CLOTHING_COLOURS,
  type Clothing,
  type FacialHair,
  type FemaleHair,
  type MaleHair,
  type PortraitGender,
  type PortraitLook,
  SKIN_TONES,
  seededRandom,
} from './portrait-kit';

/** How many portraits the library holds for each gender. */
export const PORTRAITS_PER_GENDER = 30;

const FEMALE_HAIR: readonly FemaleHair[] = [
  'long-straight',
  'bob',
  'afro',
  'ponytail',
  'long-wavy',
  'pixie',
  'braids',
  'bun',
  'headscarf',
];
const MALE_HAIR: readonly MaleHair[] = [
  'crop',
  'side-part',
  'afro-short',
  'quiff',
  'shaved',
  'curly-top',
  'buzz',
  'locs',
];
const FEMALE_CLOTHES: readonly Clothing[] = ['scoop', 'v-neck', 'crew', 'turtleneck', 'jacket', 'shirt'];
const MALE_CLOTHES: readonly Clothing[] = ['crew', 'shirt', 'hoodie', 'jacket', 'v-neck', 'turtleneck'];
/** Styles that leave the ears in view, so earrings can show. */
const EARS_SHOW = new Set([
  'pixie',
  'bun',
  'ponytail',
  'afro',
  'crop',
  'buzz',
  'shaved',
  'side-part',
  'quiff',
]);

/** Picks from weighted options with one draw. */
function weighted<T>(draw: number, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let x = draw * total;
  for (const [value, w] of options) {
    x -= w;
    if (x < 0) return value;
  }
  return (options[options.length - 1] as readonly [T, number])[0];
}

/**
 * The look of portrait `index` (0-based) of a gender. Skin tones and hairstyles step through
 * their lists with strides coprime to the list length, so every tone and style appears and
 * neighbours differ; the rest is drawn from a seeded random, weighted towards how hair and eye
 * colour really go with skin tone.
 */
export function portraitLook(gender: PortraitGender, index: number): PortraitLook {
  const female = gender === 'female';
  const random = seededRandom(index * 7919 + (female ? 17 : 4099));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const toneIndex = (index * 5 + (female ? 0 : 3)) % SKIN_TONES.length;
  const skin = SKIN_TONES[toneIndex] ?? SKIN_TONES[0];
  if (!skin) throw new Error('no skin tones');
  const deep = toneIndex >= 5;
  const styles = female ? FEMALE_HAIR : MALE_HAIR;
  const style = styles[(index * 7) % styles.length] ?? styles[0];
  if (!style) throw new Error('no hairstyles');
  const hairColour = weighted<PortraitLook['hairColour']>(
    random(),
    deep
      ? [
          [2, 75],
          [3, 22],
          [5, 3],
        ]
      : [
          [2, 18],
          [3, 36],
          [4, toneIndex <= 2 ? 22 : 8],
          [6, toneIndex <= 1 ? 12 : 2],
          [5, 8],
        ],
  );
  const eyeColour = weighted<PortraitLook['eyeColour']>(
    random(),
    deep
      ? [
          [3, 92],
          [5, 8],
        ]
      : [
          [2, toneIndex <= 2 ? 34 : 12],
          [3, 40],
          [5, 16],
          [4, 10],
        ],
  );
  const cheek = female ? 63 + random() * 5 : 66 + random() * 6;
  const facialHairChoice: FacialHair = female
    ? 'none'
    : weighted(random(), [
        ['none', 34],
        ['stubble', 30],
        ['beard', style === 'shaved' ? 60 : 26],
        ['moustache', 10],
      ]);
  const clothes = female ? FEMALE_CLOTHES : MALE_CLOTHES;
  const clothingColour = pick(CLOTHING_COLOURS);
  let accentColour = pick(CLOTHING_COLOURS);
  if (accentColour === clothingColour) accentColour = '#f4f1ea';
  const lights = Array.from({ length: 3 + Math.floor(random() * 2) }, (_, i) => {
    const left = i % 2 === 0;
    return [
      left ? 20 + random() * 90 : 290 + random() * 90,
      20 + random() * 200,
      12 + random() * 26,
    ] as const;
  });
  return {
    gender,
    skin,
    hairColour,
    hair: style,
    eyeColour,
    face: {
      cheek,
      jaw: cheek * (female ? 0.74 + random() * 0.08 : 0.83 + random() * 0.09),
      chin: female ? 16 + random() * 6 : 22 + random() * 8,
    },
    smile: random() < 0.55 ? 'wide' : 'soft',
    facialHair: facialHairChoice,
    glasses: random() < 0.22 ? pick(['round', 'square'] as const) : 'none',
    earrings: EARS_SHOW.has(style) && random() < (female ? 0.7 : 0.15),
    freckles: toneIndex <= 1 && (hairColour === 6 || random() < 0.3),
    clothing: style === 'headscarf' ? 'crew' : pick(clothes),
    clothingColour,
    accentColour,
    backdrop: BACKDROPS[(index * 3 + (female ? 0 : 5)) % BACKDROPS.length] ?? ['#eeeeee', '#cccccc'],
    lights,
  };
}

/** One portrait as a standalone SVG document (400 × 400). */
export function portraitSvg(look: PortraitLook): string {
  const layers = hair(look);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><title>Illustrated portrait (generated, not a real person)</title><!-- Flirtlane generated portrait, CC0 1.0: see README.md beside this file. -->${backdrop(look)}${layers.back}${neck(look)}${clothing(look)}${head(look)}${facialHair(look)}${features(look)}${layers.front}${accessories(look)}</svg>\n`;
}

/** The library's file name for portrait `index` (0-based), e.g. `female-07.svg`. */
export function portraitFile(gender: PortraitGender, index: number): string {
  return `${gender}-${String(index + 1).padStart(2, '0')}.svg`;
}
