#!/usr/bin/env node
// Runs one of the TypeScript site scripts under plain Node. jiti compiles only the project's
// TypeScript; tsx would also rewrite dependencies with `keepNames`, and Module Federation
// stringifies its own functions into the bundle, which then calls an undefined `__name`.
import { createJiti } from 'jiti';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/site/run.mjs <build-site|deploy-remote> [args]');
  process.exit(2);
}
const jiti = createJiti(import.meta.url);
const module = await jiti.import(new URL(`./${script}.ts`, import.meta.url).href);
await module.main(args);
