import { type Configuration, rspack } from '@rspack/core';
import { containerName } from '@ukd/contracts';
import { unitModules } from '../config';

export interface PrerenderBuild {
  /** Folder of the unit: its `src/prerender.tsx` is the entry. */
  dir: string;
  /** `shell` or a remote id. */
  unit: string;
  /** A scratch folder: the Node bundle and the stylesheet its markup needs. */
  outDir: string;
}

/**
 * The unit's prerender entry as one CommonJS file for Node, run once at deploy time with
 * react-dom/server (no browser needed). Its CSS modules are compiled as in the browser build and
 * written to one stylesheet, so the markup and the stylesheet it links agree on class names.
 */
export function createPrerenderConfig({ dir, unit, outDir }: PrerenderBuild): Configuration {
  const modules = unitModules(true, false);
  return {
    mode: 'production',
    context: dir,
    entry: { prerender: './src/prerender.tsx' },
    target: ['node20.19'],
    output: {
      path: outDir,
      filename: '[name].cjs',
      cssFilename: 'css/prerender.[contenthash:10].css',
      library: { type: 'commonjs2' },
      uniqueName: `${containerName(unit)}_prerender`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      ...modules,
      // Node has no document, so rspack would keep only the class names; the page needs the rules.
      generator: { 'css/module': { exportsOnly: false }, css: { exportsOnly: false } },
    },
    optimization: { minimize: false, splitChunks: false },
    devtool: false,
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      // Pages load lazily in the browser; here everything is one file run once.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    experiments: { css: true },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
