// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import type { ShellContext } from '@ukd/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from './page-title';
import { ShellProvider } from './shell-context';

function Article({ title, description }: { title: string; description?: string }) {
  usePageTitle(title, description);
  return null;
}

afterEach(cleanup);

describe('usePageTitle', () => {
  it('tells the shell the page’s title and description, again when they change', () => {
    const heard: unknown[] = [];
    const bus = { emit: (name: string, payload: unknown) => heard.push({ [name]: payload }) };
    const shell = { bus } as unknown as ShellContext;
    const { rerender } = render(
      <ShellProvider shell={shell}>
        <Article title="Your first message" description="What to write." />
      </ShellProvider>,
    );
    rerender(
      <ShellProvider shell={shell}>
        <Article title="Your first message" description="What to write." />
      </ShellProvider>,
    );
    rerender(
      <ShellProvider shell={shell}>
        <Article title="Staying safe" />
      </ShellProvider>,
    );
    expect(heard).toEqual([
      { 'shell:page-meta': { title: 'Your first message', description: 'What to write.' } },
      { 'shell:page-meta': { title: 'Staying safe' } },
    ]);
  });
});
