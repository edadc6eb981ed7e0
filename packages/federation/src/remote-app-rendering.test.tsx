// @vitest-environment happy-dom

import type { RemoteAppProps, ShellContext } from '@ukd/contracts';
import { useShell } from '@ukd/ui';
import { act, use } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRemoteApp } from './remote-app';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const never = new Promise<never>(() => undefined);

/** A page that waits (suspends) once the shell it is given asks it to. */
function Page() {
  const shell = useShell() as ShellContext & { wait?: boolean };
  if (shell.wait) use(never);
  return <p>Two dozen members</p>;
}

const app = createRemoteApp([{ path: '/dashboard', page: () => Promise.resolve({ default: Page }) }]);
const domElement = document.createElement('div');
const props = (shell: object) =>
  ({
    name: 'profiles',
    domElement,
    basename: '/',
    onCrash: () => undefined,
    shell: {
      store: { getState: () => ({}), subscribe: () => () => undefined, dispatch: () => undefined },
      ...shell,
    },
  }) as unknown as RemoteAppProps;
const lifecycle = (step: RemoteAppProps[keyof RemoteAppProps] | unknown) =>
  step as (props: RemoteAppProps) => Promise<unknown>;

afterEach(async () => {
  await act(async () => {
    void lifecycle(app.unmount)(props({}));
  });
});

describe("a remote app's React root", () => {
  it('renders as a transition: an update that waits keeps the page on screen, not a spinner', async () => {
    window.history.pushState(null, '', '/dashboard');
    await app.preload('/dashboard');
    await act(() => lifecycle(app.bootstrap)(props({})));
    await act(async () => {
      void lifecycle(app.mount)(props({}));
    });
    expect(domElement.textContent).toBe('Two dozen members');

    // Rendered at once (not as a transition), React would show the route's loading state here.
    await act(async () => {
      void lifecycle(app.update)(props({ wait: true }));
    });
    expect(domElement.textContent).toBe('Two dozen members');
    expect(domElement.querySelector('[role="status"]')).toBeNull();
  });
});
