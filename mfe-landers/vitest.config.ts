import mdx from '@mdx-js/rollup';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Blog articles are MDX, compiled as the unit build's @mdx-js/loader compiles them.
  plugins: [{ enforce: 'pre', ...mdx() }],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // Process CSS modules so `styles.x` is a real class name in tests, as in the built remote.
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'non-scoped' } },
  },
});
