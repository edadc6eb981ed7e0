import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings written beside a file, in the server's order of preference. */
export const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
export type Encoding = (typeof encodings)[number]['name'];

/**
 * Text the site serves, worth compressing. Images, fonts (woff2) and media are compressed
 * formats already: a second pass only costs CPU. `.ico` is here because icons are often
 * uncompressed bitmaps; one that is not gains nothing and gets no variant.
 */
const compressibleExtensions = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.xml',
  '.webmanifest',
  '.ico',
]);

export function isCompressible(file: string): boolean {
  return compressibleExtensions.has(extname(file).toLowerCase());
}

/** A variant is written only when it saves at least this share of the file. */
const minimumSaving = 0.05;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside a text file, each
 * through a temporary file and a rename so the server never sends half a variant. Source maps
 * get brotli quality 5: only developer tools fetch them, they are five times the size of the
 * code, and quality 11 would add half a minute to every build for no visitor's benefit.
 */
export async function precompressFile(file: string): Promise<PrecompressResult> {
  const content = await readFile(file);
  const quality = file.endsWith('.map') ? 5 : constants.BROTLI_MAX_QUALITY;
  const [brotliBytes, gzipBytes] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes = { br: content.length, gzip: content.length };
  for (const [encoding, compressed] of [
    [encodings[0], brotliBytes],
    [encodings[1], gzipBytes],
  ] as const) {
    const variant = file + encoding.suffix;
    if (compressed.length <= content.length * (1 - minimumSaving)) {
      const temporary = `${variant}.${process.pid}.tmp`;
      await writeFile(temporary, compressed);
      await rename(temporary, variant);
      sizes[encoding.name] = compressed.length;
    } else {
      // A variant left from an earlier, more compressible version would be wrong now.
      await rm(variant, { force: true });
    }
  }
  return { files: 1, bytes: content.length, brotliBytes: sizes.br, gzipBytes: sizes.gzip };
}

async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && isCompressible(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Precompresses every text file under a folder (a unit's build output): two at a time, the
 * machine's share of zlib's thread pool, so a deploy does not starve the server beside it.
 */
export async function precompressFolder(dir: string, concurrency = 2): Promise<PrecompressResult> {
  const queue = await compressibleFiles(dir);
  const total: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  async function worker() {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const result = await precompressFile(file);
      total.files += 1;
      total.bytes += result.bytes;
      total.brotliBytes += result.brotliBytes;
      total.gzipBytes += result.gzipBytes;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total;
}
