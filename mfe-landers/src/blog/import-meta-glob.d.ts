/**
 * `import.meta.glob`, as both rspack (the unit build) and Vite (Vitest) evaluate it at build time:
 * every file matching the pattern, keyed by its path relative to the importing module.
 */
interface ImportMeta {
  glob(pattern: string, options: { eager: true }): Record<string, unknown>;
}
