#!/usr/bin/env node
// `node scripts/import-circles.mjs`: lists every import circle among the TypeScript sources of
// the shell, the remotes and the packages (type-only imports included: a circle of types is still
// two modules that cannot be read one without the other). Exits 1 when there is one. No
// dependency: imports are read with a regular expression, resolved relative to the file or
// through a workspace package's `exports`, the way the bundler and `tsc` resolve them here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const skipped = new Set(['node_modules', 'dist', 'test-results', '.data']);
const unitDirs = readdirSync(root).filter((name) => name === 'shell' || name.startsWith('mfe-'));
const packageDirs = readdirSync(join(root, 'packages')).map((name) => join('packages', name));

function sources(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    if (skipped.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** `@ukd/store` -> its folder and `exports`, to resolve `@ukd/store/sub` like the bundler does. */
const workspace = new Map();
for (const dir of [...unitDirs, ...packageDirs]) {
  const manifest = join(root, dir, 'package.json');
  if (!existsSync(manifest)) continue;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  workspace.set(pkg.name, { dir: join(root, dir), exports: pkg.exports ?? {} });
}

function withExtension(path) {
  for (const candidate of [
    path,
    `${path}.ts`,
    `${path}.tsx`,
    join(path, 'index.ts'),
    join(path, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function resolveImport(from, specifier) {
  if (specifier.startsWith('.')) return withExtension(resolve(dirname(from), specifier));
  const match = specifier.match(/^(@[^/]+\/[^/]+|[^@][^/]*)(\/.*)?$/);
  const pkg = match && workspace.get(match[1]);
  if (!pkg) return null;
  const target = typeof pkg.exports === 'string' ? pkg.exports : pkg.exports[`.${match[2] ?? ''}`];
  return typeof target === 'string' ? withExtension(join(pkg.dir, target)) : null;
}

const importPattern =
  /(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const files = [...unitDirs, ...packageDirs].flatMap((dir) =>
  existsSync(join(root, dir, 'src')) ? sources(join(root, dir, 'src')) : [],
);
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const edges = new Set();
  for (const [, fromSpecifier, dynamicSpecifier] of text.matchAll(importPattern)) {
    const target = resolveImport(file, fromSpecifier ?? dynamicSpecifier);
    if (target && target !== file) edges.add(target);
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components: every component with more than one file is a circle.
let index = 0;
const state = new Map();
const stack = [];
const circles = [];
function visit(file) {
  state.set(file, { index, low: index, onStack: true });
  index++;
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    if (!state.has(next)) {
      visit(next);
      state.get(file).low = Math.min(state.get(file).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(file).low = Math.min(state.get(file).low, state.get(next).index);
    }
  }
  if (state.get(file).low !== state.get(file).index) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    state.get(member).onStack = false;
    component.push(member);
  } while (member !== file);
  if (component.length > 1) circles.push(component);
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (circles.length) {
  for (const circle of circles)
    console.error(`circle: ${circle.map((f) => relative(root, f)).join(' <-> ')}`);
  process.exit(1);
}
console.log(`no import circles among ${graph.size} files`);
