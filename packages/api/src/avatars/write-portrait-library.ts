// Writes the generated portrait library into assets/portraits (run after changing the drawing
// code: `pnpm --filter @ukd/api portraits`); the library test fails until it has been run.
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { PORTRAITS_PER_GENDER, portraitFile, portraitLook, portraitSvg } from './portrait';
import { PORTRAIT_DIR } from './portrait-library';

mkdirSync(PORTRAIT_DIR, { recursive: true });
let bytes = 0;
const TILE = 96;
const COLUMNS = 12;
const tiles: { input: Buffer; left: number; top: number }[] = [];
for (const gender of ['female', 'male'] as const) {
  for (let i = 0; i < PORTRAITS_PER_GENDER; i++) {
    const svg = portraitSvg(portraitLook(gender, i));
    writeFileSync(`${PORTRAIT_DIR}${portraitFile(gender, i)}`, svg);
    bytes += svg.length;
    const at = tiles.length;
    const input = await sharp(Buffer.from(svg)).resize(TILE, TILE).png().toBuffer();
    tiles.push({ input, left: (at % COLUMNS) * TILE, top: Math.floor(at / COLUMNS) * TILE });
  }
}
// A contact sheet for the README, so reviewers can see the whole set at a glance.
await sharp({
  create: {
    width: COLUMNS * TILE,
    height: Math.ceil(tiles.length / COLUMNS) * TILE,
    channels: 3,
    background: '#ffffff',
  },
})
  .composite(tiles)
  .jpeg({ quality: 78 })
  .toFile(`${PORTRAIT_DIR}contact-sheet.jpg`);
console.log(
  `wrote ${PORTRAITS_PER_GENDER * 2} portraits (${Math.round(bytes / 1024)} KB) to ${PORTRAIT_DIR}`,
);
