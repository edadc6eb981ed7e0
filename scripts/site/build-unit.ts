import { join } from 'node:path';
import { type Configuration, rspack } from '@rspack/core';
import { precompressFolder } from '@ukd/site-server/precompress';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url, { moduleCache: false });

/** One rspack build, its errors as a rejection. */
export function runCompiler(config: Configuration): Promise<void> {
  const compiler = rspack(config);
  return new Promise<void>((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

export const repoRoot = join(import.meta.dirname, '..', '..');

export interface BuildRequest {
  /** Folder of the unit's source (its own checkout, or the one in this repo). */
  dir: string;
  outDir: string;
  publicPath?: string;
  mode?: 'production' | 'development';
  /**
   * Write brotli and gzip copies beside every text file, for the server to send as they are.
   * On by default for production builds; `npm run dev` skips it for speed.
   */
  precompress?: boolean;
}

/** Builds one unit with its own `rspack.config.ts`, configured through the environment. */
export async function buildUnit({
  dir,
  outDir,
  publicPath,
  mode = 'production',
  precompress = mode === 'production',
}: BuildRequest): Promise<void> {
  process.env.UKD_MODE = mode;
  process.env.UKD_OUT_DIR = outDir;
  if (publicPath) process.env.UKD_PUBLIC_PATH = publicPath;
  else delete process.env.UKD_PUBLIC_PATH;
  // A fresh import each time: the config reads the environment when it is evaluated.
  const configModule = (await jiti.import(join(dir, 'rspack.config.ts'))) as { default: Configuration };
  await runCompiler(configModule.default);
  if (precompress) await precompressFolder(outDir);
}
