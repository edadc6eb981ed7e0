// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

let container: HTMLElement;
let unmount = () => {};
afterEach(() => {
  act(() => unmount());
  container?.remove();
});

const fallbacks = { count: 0 };
function Fallback() {
  fallbacks.count += 1;
  return <p>Loading</p>;
}

/** Renders `node` under a Suspense boundary; says how often its fallback was rendered. */
async function render(node: React.ReactNode) {
  fallbacks.count = 0;
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  unmount = () => root.unmount();
  await act(async () => root.render(<Suspense fallback={<Fallback />}>{node}</Suspense>));
  return fallbacks;
}

describe('preloadableLazy', () => {
  it('renders at once, with no fallback, when its code was preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Lazy = preloadableLazy(load);
    await Lazy.preload();
    const fallbacks = await render(<Lazy name="Sam" />);
    expect(fallbacks.count).toBe(0);
    expect(container.textContent).toBe('Hello Sam');
    expect(load).toHaveBeenCalledOnce();
  });

  it('suspends like React.lazy when its code has not arrived, and loads it once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Lazy = preloadableLazy(load);
    const fallbacks = await render(<Lazy name="Jo" />);
    expect(fallbacks.count).toBeGreaterThan(0);
    expect(container.textContent).toBe('Hello Jo');
    await Lazy.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets a failed load, so the next preload fetches again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Greeting });
    const Lazy = preloadableLazy(load);
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
    const fallbacks = await render(<Lazy name="Ali" />);
    expect(fallbacks.count).toBe(0);
    expect(container.textContent).toBe('Hello Ali');
  });
});
