import { join } from 'node:path';
import { type Configuration, rspack } from '@rspack/core';
import { createJiti } from 'jiti';
import { repoRoot } from './build-unit';

const jiti = createJiti(import.meta.url, { moduleCache: false });

export interface WatchRequest {
  unit: string;
  outDir: string;
  publicPath?: string;
  /** After each successful build, with the compilation hash the unit's bundle now carries. */
  onBuilt(hash: string): Promise<void>;
  onFailed(errors: string): void;
}

/**
 * Watches one unit with its own `rspack.config.ts` in development mode with hot module
 * replacement. Resolves after the first build, so the site starts with every unit on disk.
 */
export async function watchUnit({
  unit,
  outDir,
  publicPath,
  onBuilt,
  onFailed,
}: WatchRequest): Promise<void> {
  process.env.UKD_MODE = 'development';
  process.env.UKD_HOT = '1';
  process.env.UKD_OUT_DIR = outDir;
  if (publicPath) process.env.UKD_PUBLIC_PATH = publicPath;
  else delete process.env.UKD_PUBLIC_PATH;
  const { default: config } = (await jiti.import(join(repoRoot, unit, 'rspack.config.ts'))) as {
    default: Configuration;
  };
  const compiler = rspack(config);
  let first = true;
  await new Promise<void>((resolve) => {
    compiler.watch({ aggregateTimeout: 100 }, (error, stats) => {
      const done = () => {
        if (first) {
          first = false;
          resolve();
        }
      };
      if (error || !stats || stats.hasErrors()) {
        const errors = String(error ?? stats?.toString({ all: false, errors: true, colors: false }));
        console.error(`[${unit}] build failed\n${errors}`);
        onFailed(errors);
        done();
        return;
      }
      console.log(`[${unit}] built in ${(stats.endTime ?? 0) - (stats.startTime ?? 0)} ms`);
      onBuilt(stats.hash ?? '').then(done, (reason: unknown) => {
        console.error(`[${unit}] ${reason instanceof Error ? reason.message : reason}`);
        done();
      });
    });
  });
}
