// Renders the brand mark from @ukd/ui into the favicon set in shell/public (run after changing
// the mark: `pnpm --filter @ukd/shell brand-icons`). The build copies these files, content-hashed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brandMarkSvg } from '@ukd/ui/brand-mark';
import sharp from 'sharp';

const out = join(import.meta.dirname, '..', 'public');
const mark = Buffer.from(brandMarkSvg());
// iOS and Android crop home-screen icons themselves: those get a full-bleed tile with room around
// the heart; the tab icon keeps its own rounded corners.
const bleed = Buffer.from(brandMarkSvg({ padding: 8 }));

writeFileSync(join(out, 'favicon.svg'), mark);
const png = (svg: Buffer, edge: number, file: string) =>
  sharp(svg, { density: (72 * edge) / 64 })
    .resize(edge, edge)
    .png({ compressionLevel: 9, palette: edge <= 32 })
    .toFile(join(out, file));
await png(mark, 32, 'icon-32.png');
await png(bleed, 180, 'apple-touch-icon.png');
await png(bleed, 192, 'icon-192.png');
await png(bleed, 512, 'icon-512.png');
console.log(`wrote the favicon set to ${out}`);
