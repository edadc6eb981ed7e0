import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { type Compiler, rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

const require = createRequire(import.meta.url);
const hotClient = require.resolve('./hot-client.ts');
const pageRefreshRuntime = require.resolve('./page-refresh-runtime.ts');

/**
 * Development only: hot module replacement with React Fast Refresh for one unit, driven by the
 * dev site's event stream (`hot-client.ts`) rather than a dev server per unit, so the whole site
 * stays on one origin. Each unit keeps its own HMR runtime and loads its updates from its own
 * publicPath; React Fast Refresh runs once per page (`page-refresh-runtime.ts`).
 */
export class HotReloadPlugin {
  constructor(
    private readonly unit: string,
    private readonly outDir: string,
  ) {}

  apply(compiler: Compiler) {
    // Module Federation builds the tree-shaken shared fallbacks with compilers that copy this
    // unit's plugins and write elsewhere; a second HMR runtime and client there would answer
    // this unit's updates with hashes it never built, and reload the page.
    if (resolve(compiler.options.output.path ?? '') !== resolve(this.outDir)) return;

    new rspack.HotModuleReplacementPlugin().apply(compiler);
    // A failed build emits nothing and is not recorded, so the fix is one update away from the
    // build the page runs; otherwise the page would need the failed build's update, and reload.
    new rspack.NoEmitOnErrorsPlugin().apply(compiler);
    new ReactRefreshRspackPlugin({
      // One name for every unit: the refresh runtime hooks into React once per page.
      library: 'ukd',
      // The client and the runtime wrapper run the refresh machinery; they are not part of it.
      exclude: [/[\\/]node_modules[\\/]/, dirname(hotClient)],
    }).apply(compiler);
    // No entry name: rspack adds it to every entry, the shell's main and a remote's container.
    new rspack.EntryPlugin(compiler.context, `${hotClient}?unit=${this.unit}`, { name: undefined }).apply(
      compiler,
    );
    // Development builds analyse export usage (see config.ts), so a module whose exports this
    // unit never uses would lose them, and React Refresh only takes a module whose exports are all
    // components: an edit to a @ukd/ui component the shell does not render reloaded the page. Our
    // own modules keep every export.
    compiler.hooks.compilation.tap(HotReloadPlugin.name, (compilation) => {
      compilation.hooks.optimizeModules.tap(HotReloadPlugin.name, (modules) => {
        for (const module of modules) {
          const file = module.nameForCondition();
          if (file && !/[\\/]node_modules[\\/]/.test(file)) {
            compilation.moduleGraph.getExportsInfo(module).setUsedInUnknownWay(undefined);
          }
        }
      });
    });
    new rspack.NormalModuleReplacementPlugin(/^react-refresh\/runtime$/, (data) => {
      if (data.contextInfo.issuer !== pageRefreshRuntime) {
        data.request = `${pageRefreshRuntime}?unit=${this.unit}`;
      }
    }).apply(compiler);
  }
}
