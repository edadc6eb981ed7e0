import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { containerName } from '@ukd/contracts';
import { brandIcons } from './brand-icons';
import { HotReloadPlugin } from './dev/hot-reload-plugin';
import { startAfterPaint } from './prerender/start-after-paint-plugin';
import { sharedConfig } from './shared-singletons';

export interface UnitOptions {
  /** Folder of the unit (shell or a remote). */
  dir: string;
  /** `shell` for the host, a remote id otherwise. */
  unit: string;
  mode: 'production' | 'development';
  outDir: string;
  /** Where the built files are served from, e.g. `/remotes/mfe-landers/<build>/`; `auto` for remotes. */
  publicPath?: string;
  /**
   * Development only: hot module replacement with React Fast Refresh, updates announced by the
   * dev site's event stream (`npm run dev`).
   */
  hot?: boolean;
}

const require = createRequire(import.meta.url);

/**
 * rspack resolves the federation runtime with Node's `require.resolve`, which picks each
 * package's CommonJS build; CommonJS cannot be tree-shaken, so every unit shipped all of it.
 * Pointing those files at their ES module twins lets unused runtime code drop out.
 */
function federationRuntimeAsEsm(): Record<string, string> {
  const fromEnhanced = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  const runtimeTools = fromEnhanced.resolve('@module-federation/runtime-tools');
  const fromTools = createRequire(runtimeTools);
  const entries = [
    runtimeTools,
    fromEnhanced.resolve('@module-federation/inject-external-runtime-core-plugin'),
    ...['webpack-bundler-runtime', 'runtime', 'runtime-core', 'sdk', 'error-codes'].map((name) =>
      fromTools.resolve(`@module-federation/${name}`),
    ),
  ];
  const aliases: Record<string, string> = {};
  for (const cjs of entries) {
    const esm = [cjs.replace(/\.cjs$/, '.js'), cjs.replace(/\.cjs$/, '.mjs')].find(
      (file) => file !== cjs && existsSync(file),
    );
    if (esm) aliases[cjs] = esm;
  }
  return aliases;
}

/**
 * react-router publishes a development and a production build, and its package exports name
 * only the development one; the production one leaves out the warnings (their text was part of
 * every visitor's first load). Every unit must pick the same file: it is a shared singleton.
 */
function reactRouterProduction(): Record<string, string> {
  const root = dirname(require.resolve('react-router/package.json'));
  return {
    'react-router$': join(root, 'dist/production/index.mjs'),
    'react-router/dom$': join(root, 'dist/production/dom-export.mjs'),
  };
}

/** How every unit compiles its sources: TypeScript and JSX with SWC, MDX, CSS modules, assets. */
export function unitModules(prod: boolean, hot: boolean): NonNullable<Configuration['module']> {
  return {
    parser: { 'css/module': { namedExports: false } },
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: {
              react: { runtime: 'automatic', development: !prod, refresh: hot },
            },
            target: 'es2022',
          },
        },
        type: 'javascript/auto',
      },
      {
        // Static and legal copy is content (`src/content/*.mdx`); the loader compiles it to a
        // component on React's automatic JSX runtime, so nothing else has to run over it.
        test: /\.mdx$/,
        loader: require.resolve('@mdx-js/loader'),
        type: 'javascript/auto',
      },
      { test: /\.module\.css$/, type: 'css/module' },
      { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
      { test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/, type: 'asset/resource' },
    ],
  };
}

/**
 * The one rspack + Module Federation config every unit builds with, so shared singletons,
 * loaders and output naming never drift between teams.
 */
export function createUnitConfig(options: UnitOptions): Configuration {
  const { dir, unit, mode } = options;
  const isShell = unit === 'shell';
  const prod = mode === 'production';
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const deps = pkg.dependencies ?? {};
  const shared = sharedConfig((name) => {
    if (!(name in deps)) return undefined;
    const installed = join(dir, 'node_modules', name, 'package.json');
    return (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version;
  });

  const exposes = isShell
    ? undefined
    : {
        './register': './src/register.ts',
        './app': './src/app.tsx',
      };

  const plugins: Configuration['plugins'] = [
    new ModuleFederationPlugin({
      name: containerName(unit),
      ...(exposes ? { exposes, filename: 'remoteEntry.js' } : {}),
      remotes: {},
      shared,
      shareStrategy: 'loaded-first',
      // Plugins act on the one runtime instance the shell owns; remotes need not ship them.
      // Retrying is the remote loader's alone (it can also clear a failed container), so the
      // runtime only reports where a load failed.
      runtimePlugins: isShell ? [require.resolve('./runtime/shell-runtime.ts')] : [],
      manifest: !isShell,
      dts: false,
      // The shell provides the federation runtime; each remote entry then omits its own copy.
      experiments: {
        asyncStartup: true,
        ...(isShell ? { provideExternalRuntime: true } : { externalRuntime: true }),
        // Remotes never load other remotes (only the shell does), so their entries can leave out
        // the bundler's remote-loading code.
        optimization: { target: 'web', ...(isShell ? {} : { disableRemote: true }) },
      },
    }),
    new rspack.DefinePlugin({
      'process.env.NODE_ENV': JSON.stringify(mode),
    }),
  ];

  if (isShell) {
    const publicPath = options.publicPath ?? '/shell/';
    const icons = brandIcons(dir, publicPath, process.env.SITE_NAME ?? 'Flirtlane');
    if (icons) plugins.push(icons.plugin);
    plugins.push(startAfterPaint(publicPath));
    plugins.push(
      new rspack.HtmlRspackPlugin({
        template: join(dir, 'index.html'),
        scriptLoading: 'defer',
        minify: prod,
      }),
    );
  }
  if (options.hot && !prod) plugins.push(new HotReloadPlugin(unit, options.outDir));

  return {
    mode,
    context: dir,
    // A remote's only entry is its remoteEntry.js, which the plugin creates from `exposes`.
    entry: isShell ? { main: './src/main.tsx' } : {},
    devtool: prod ? 'source-map' : 'cheap-module-source-map',
    target: ['web', 'es2022'],
    output: {
      path: options.outDir,
      publicPath: options.publicPath ?? 'auto',
      uniqueName: containerName(unit),
      filename: prod ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: prod ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      cssFilename: prod ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
      cssChunkFilename: prod ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // The workspace packages ship TypeScript sources; resolve them like the unit's own code.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { ...federationRuntimeAsEsm(), ...(prod ? reactRouterProduction() : {}) },
    },
    module: unitModules(prod, Boolean(options.hot)),
    optimization: {
      minimize: prod,
      // A runtime chunk breaks remoteEntry registration (MF RUNTIME-001).
      runtimeChunk: false,
      // Development: MF's shared tree shaking resets the export usage of every module and marks
      // the shared exports it keeps; rspack's usage analysis must run after it to mark the rest,
      // and development mode skips it, so exports in use rendered as unused: the federation
      // SDK's `__exportAll` (`require_runtime.__exportAll is not a function`) and our runtime
      // plugins. Production runs the analysis anyway.
      ...(prod ? {} : { usedExports: true }),
    },
    performance: { hints: false },
    plugins,
    experiments: { css: true },
    stats: 'errors-warnings',
  };
}

/**
 * Options from the environment, so one `rspack.config.ts` per unit serves the site build,
 * a team's own deploy and dev mode: UKD_MODE, UKD_OUT_DIR, UKD_PUBLIC_PATH, UKD_HOT.
 */
export function unitOptionsFromEnv(dir: string, unit: string): UnitOptions {
  const env = process.env;
  return {
    dir,
    unit,
    mode: env.UKD_MODE === 'development' ? 'development' : 'production',
    outDir: env.UKD_OUT_DIR ?? join(dir, 'dist'),
    ...(env.UKD_PUBLIC_PATH ? { publicPath: env.UKD_PUBLIC_PATH } : {}),
    hot: env.UKD_HOT === '1',
  };
}
