import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageOf, sharedConfig, sharedSingletons, treeShakenExports } from './shared-singletons';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const require = createRequire(import.meta.url);
const unitDirs = ['shell', 'mfe-landers', 'mfe-messaging', 'mfe-profiles', 'mfe-billing', 'mfe-support'];
// test-support renders pages in unit tests only and is never bundled into a unit.
const packageDirs = readdirSync(join(repoRoot, 'packages'))
  .filter((name) => name !== 'test-support')
  .map((name) => join('packages', name));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    // Prerendering runs in a Node bundle of its own at deploy time, outside federation's sharing.
    if (entry === 'prerender' || entry === 'prerender.tsx') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    // `*.test.tsx` and `test-*.tsx` (a unit's test helpers) serve unit tests only.
    else if (/\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$|^test-/.test(entry)) out.push(path);
  }
  return out;
}

/**
 * Shared libraries that import a tree-shaken one get its copy too: RTK Query takes its core
 * from the shared @reduxjs/toolkit.
 */
const sharedLibraryFiles = [
  'dist/query/rtk-query.modern.mjs',
  'dist/query/react/rtk-query-react.modern.mjs',
].map((file) => join(dirname(require.resolve('@reduxjs/toolkit/package.json')), file));

/** Every value (not type-only) name each unit, package and shared library imports from a tree-shaken module. */
function importedNames(moduleName: string): Map<string, string> {
  const names = new Map<string, string>();
  const pattern = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${moduleName.replace('/', '\\/')}['"]`,
    'g',
  );
  const collect = (file: string) => {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      for (const raw of (match[1] ?? '').split(',')) {
        const name =
          raw
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        if (name && !name.startsWith('type ')) names.set(name, file.replace(repoRoot, ''));
      }
    }
  };
  for (const file of sharedLibraryFiles) collect(file);
  for (const dir of [...unitDirs, ...packageDirs]) {
    const src = join(repoRoot, dir, 'src');
    try {
      for (const file of sourceFiles(src)) collect(file);
    } catch {
      // A package without src/ has nothing to scan.
    }
  }
  return names;
}

describe('shared singletons', () => {
  for (const [moduleName, exports] of Object.entries(treeShakenExports)) {
    it(`ships every export of ${moduleName} that any unit imports`, () => {
      const missing = [...importedNames(moduleName)].filter(([name]) => !exports?.includes(name));
      expect(missing, 'add these to treeShakenExports, or the page gets an undefined component').toEqual([]);
    });
  }

  it('maps share keys to package names', () => {
    expect(packageOf('react-dom/')).toBe('react-dom');
    expect(packageOf('@reduxjs/toolkit/query/react')).toBe('@reduxjs/toolkit');
    expect(packageOf('@ukd/ui')).toBe('@ukd/ui');
  });

  it('offers only what a unit depends on, as a singleton with the installed version', () => {
    const shared = sharedConfig((pkg) => ({ react: '19.3.1', 'react-router': '7.18.5' })[pkg]);
    expect(Object.keys(shared).sort()).toEqual(['react', 'react-router', 'react/']);
    expect(shared.react).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
    expect(shared['react-router']?.treeShaking?.usedExports).toContain('Routes');
    expect(sharedSingletons).not.toContain('zod');
  });
});
