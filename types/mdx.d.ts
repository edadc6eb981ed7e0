/**
 * A compiled MDX document: `@mdx-js/loader` in the unit build (packages/federation/src/config.ts),
 * `@mdx-js/rollup` under Vitest. It renders its markdown with the components it is given.
 */
declare module '*.mdx' {
  import type { ComponentType, JSX } from 'react';

  /** Components for markdown's elements (`a`, `h3`, …) and for the JSX names the document uses. */
  export type MDXComponents = Readonly<Record<string, ComponentType<never>>>;

  export default function MDXContent(props: { components?: MDXComponents }): JSX.Element;
}
