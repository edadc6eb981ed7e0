// @vitest-environment happy-dom
import type { RemoteEntry } from '@ukd/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRemotePrefetch } from './remote-prefetch';

const messaging: RemoteEntry = {
  id: 'mfe-messaging',
  version: 'm1',
  entry: '/remotes/mfe-messaging/m1/mf-manifest.json',
  routes: [],
};

/** A manifest as the federation plugin writes it. */
const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './register', assets: { js: { sync: ['js/register.1.js'] }, css: { sync: [] } } },
    { path: './app', assets: { js: { sync: ['js/app.1.js'] }, css: { sync: ['css/app.1.css'] } } },
    { path: './widgets', assets: { js: { sync: ['js/widgets.1.js'] } } },
  ],
};

const prefetchLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map(
    (link) => `${link.getAttribute('as')} ${link.getAttribute('href')}`,
  );

afterEach(() => {
  document.head.innerHTML = '';
});

describe('prefetching a remote for a link in view', () => {
  it('puts its entry and the chunks of register and app in the HTTP cache, running none of them', async () => {
    const fetchJson = vi.fn(async () => manifest);
    createRemotePrefetch(document, fetchJson)(messaging);
    await vi.waitFor(() => expect(prefetchLinks()).toHaveLength(4));
    expect(fetchJson).toHaveBeenCalledWith('/remotes/mfe-messaging/m1/mf-manifest.json');
    expect(prefetchLinks()).toEqual([
      'script /remotes/mfe-messaging/m1/remoteEntry.js',
      'script /remotes/mfe-messaging/m1/js/register.1.js',
      'style /remotes/mfe-messaging/m1/css/app.1.css',
      'script /remotes/mfe-messaging/m1/js/app.1.js',
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('warms a remote once however many of its links scroll into view', async () => {
    const fetchJson = vi.fn(async () => manifest);
    const prefetch = createRemotePrefetch(document, fetchJson);
    prefetch(messaging);
    prefetch(messaging);
    await vi.waitFor(() => expect(prefetchLinks()).toHaveLength(4));
    prefetch(messaging);
    expect(fetchJson).toHaveBeenCalledOnce();
    expect(prefetchLinks()).toHaveLength(4);
  });

  it('stays quiet when the manifest cannot be fetched, and tries again for the next link', async () => {
    const fetchJson = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce(manifest);
    const prefetch = createRemotePrefetch(document, fetchJson);
    prefetch(messaging);
    await vi.waitFor(() => expect(fetchJson).toHaveBeenCalledOnce());
    await Promise.resolve();
    expect(prefetchLinks()).toEqual([]);
    prefetch(messaging);
    await vi.waitFor(() => expect(prefetchLinks()).toHaveLength(4));
  });

  it('prefetches what it can from a manifest of another shape', async () => {
    createRemotePrefetch(document, async () => ({ exposes: 'none' }))(messaging);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prefetchLinks()).toEqual([]);
    createRemotePrefetch(document, async () => ({ metaData: { remoteEntry: { name: 'entry.js' } } }))({
      ...messaging,
      entry: '/remotes/mfe-messaging/m2/mf-manifest.json',
    });
    await vi.waitFor(() => expect(prefetchLinks()).toEqual(['script /remotes/mfe-messaging/m2/entry.js']));
  });
});
