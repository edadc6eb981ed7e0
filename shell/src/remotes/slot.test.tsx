// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import type {
  RemoteAppModule,
  RemoteEntry,
  RemoteRegistration,
  ShellContext,
  WidgetLoader,
} from '@ukd/contracts';
import type { RemoteLoader } from '@ukd/federation/remote-loader';
import { createEventBus } from '@ukd/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../chrome/progress-bar';
import { type ShellServices, ShellServicesProvider } from '../session/shell-services';
import type { RemoteContexts } from './remote-context';
import { createRemoteRegistry } from './remote-registry';
import { Slot } from './slot';

const remote = (id: RemoteEntry['id'], slots?: RemoteEntry['slots']): RemoteEntry => ({
  id,
  entry: `/remotes/${id}/v1/mf-manifest.json`,
  version: 'v1',
  routes: [],
  ...(slots && { slots }),
});

/** Lifecycles that draw plain text, enough to see where and whether the widget mounted. */
function textWidget(text: string, { failMount = false } = {}) {
  const unmounted = vi.fn();
  const lifecycles = {
    bootstrap: async () => undefined,
    mount: async ({ domElement }: { domElement: HTMLElement }) => {
      if (failMount) throw new Error('widget threw');
      domElement.textContent = text;
    },
    unmount: async ({ domElement }: { domElement: HTMLElement }) => {
      domElement.textContent = '';
      unmounted();
    },
  };
  return { load: (async () => ({ default: lifecycles })) as WidgetLoader, unmounted };
}

function renderSlot(
  remotes: RemoteEntry[],
  widgets: Record<string, RemoteRegistration['widgets']>,
  pageWork = createProgress(),
) {
  const loaded: string[] = [];
  const loader: RemoteLoader = {
    async load(entry) {
      loaded.push(entry.id);
      if (!(entry.id in widgets)) throw new Error(`${entry.id} is down`);
      return {
        app: {} as RemoteAppModule,
        register: { register: () => ({ id: entry.id, routes: [], widgets: widgets[entry.id] }) },
      };
    },
    reset: vi.fn(),
  };
  const released: string[] = [];
  const contexts: RemoteContexts = {
    shellFor: (owner) => ({ owner }) as unknown as ShellContext,
    release: (owner) => released.push(owner),
  };
  const registry = createRemoteRegistry({ remotes, loader, contexts, bus: createEventBus() });
  const services = { registry, pageWork } as unknown as ShellServices;
  const view = render(
    <nav data-testid="top-bar">
      <span>Balance</span>
      <ShellServicesProvider services={services}>
        <Slot name="top-bar-promo" />
      </ShellServicesProvider>
      <a href="/credits/buy">Buy credits</a>
    </nav>,
  );
  return { ...view, loaded, released };
}

/** Lets the loader, `register`, the widget's import and the parcel's mount settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Slot', () => {
  it('loads only the remote that fills the slot and mounts its widget there', async () => {
    const promo = textWidget('-40%');
    const other = textWidget('other');
    const { getByTestId, loaded } = renderSlot(
      [
        remote('mfe-landers'),
        remote('mfe-billing', ['top-bar-promo']),
        remote('mfe-support', ['seasonal-popup']),
      ],
      {
        'mfe-billing': { 'top-bar-promo': promo.load },
        'mfe-support': { 'seasonal-popup': other.load },
      },
    );
    await settle();
    expect(loaded).toEqual(['mfe-billing']);
    expect(getByTestId('top-bar').textContent).toBe('Balance-40%Buy credits');
    const slot = getByTestId('top-bar').querySelector('[data-slot="top-bar-promo"]');
    expect(slot?.hasAttribute('hidden')).toBe(false);
  });

  it('waits for the page’s own calls and code before loading its remote', async () => {
    const promo = textWidget('-40%');
    const pageWork = createProgress();
    pageWork.start(); // the page’s remote is loading
    const { getByTestId, loaded } = renderSlot(
      [remote('mfe-billing', ['top-bar-promo'])],
      { 'mfe-billing': { 'top-bar-promo': promo.load } },
      pageWork,
    );
    await settle();
    expect(loaded).toEqual([]);
    pageWork.done();
    await settle();
    expect(loaded).toEqual(['mfe-billing']);
    expect(getByTestId('top-bar').textContent).toBe('Balance-40%Buy credits');
  });

  it('loads nothing and renders nothing when no remote fills the slot', async () => {
    const { getByTestId, loaded } = renderSlot([remote('mfe-billing')], {});
    await settle();
    expect(loaded).toEqual([]);
    expect(getByTestId('top-bar').innerHTML).toBe(
      '<span>Balance</span><a href="/credits/buy">Buy credits</a>',
    );
  });

  it('renders nothing, and warns once, when the remote fails to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { getByTestId } = renderSlot([remote('mfe-billing', ['top-bar-promo'])], {});
    await settle();
    expect(getByTestId('top-bar').textContent).toBe('BalanceBuy credits');
    expect(getByTestId('top-bar').querySelector('[data-slot]')?.hasAttribute('hidden')).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when the remote registers no widget for the slot, or the widget throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const without = renderSlot([remote('mfe-billing', ['top-bar-promo'])], { 'mfe-billing': {} });
    await settle();
    expect(without.getByTestId('top-bar').textContent).toBe('BalanceBuy credits');
    cleanup();

    const throwing = textWidget('-40%', { failMount: true });
    const crashed = renderSlot([remote('mfe-billing', ['top-bar-promo'])], {
      'mfe-billing': { 'top-bar-promo': throwing.load },
    });
    await settle();
    expect(crashed.getByTestId('top-bar').textContent).toBe('BalanceBuy credits');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('unmounts its widget when the slot leaves the page, releasing what the widget alone subscribed to', async () => {
    const promo = textWidget('-40%');
    const { unmount, released } = renderSlot([remote('mfe-billing', ['top-bar-promo'])], {
      'mfe-billing': { 'top-bar-promo': promo.load },
    });
    await settle();
    expect(released).toEqual([]);
    unmount();
    await settle();
    expect(promo.unmounted).toHaveBeenCalledTimes(1);
    // The widget's own owner goes; the remote's (its registration, a page it shows) stays.
    expect(released).toEqual([expect.stringMatching(/^mfe-billing:top-bar-promo#\d+$/)]);
  });
});
