import type { RemoteAppProps, RemoteEntry } from '@ukd/contracts';
import { PageLoading } from '@ukd/ui';
import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import { reloadOnceForChunkError } from '../errors/chunk-reload';
import type { RemoteRegistry } from './remote-registry';
import { SectionUnavailable } from './section-unavailable';

type Status = 'loading' | 'ready' | 'failed';

/**
 * Mounts a remote's app as a single-spa parcel into a node React never renders into. Load
 * failures and render crashes both end in the section-unavailable fallback with a retry; the
 * rest of the page is untouched.
 */
export function RemoteOutlet({ remote, registry }: { remote: RemoteEntry; registry: RemoteRegistry }) {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let parcel: Parcel<RemoteAppProps> | null = null;
    let cancelled = false;
    // This page's own context: what it subscribes to goes when it unmounts, while a widget of the
    // same remote elsewhere in the chrome keeps its own.
    const mount = registry.mount(remote);
    setStatus('loading');

    // A load that failed is already forgotten by the registry; releasing here as well could let
    // go of a newer activation (a slot's) that is on its way to working.
    const fail = (error: unknown) => {
      if (cancelled) return;
      // A missing chunk usually means a newer deploy: reloading once fetches it (SPEC §8).
      if (reloadOnceForChunkError(error)) return;
      setStatus('failed');
    };
    const crash = (error: unknown) => {
      if (cancelled) return;
      registry.release(remote.id);
      fail(error);
    };

    (attempt === 0 ? registry.activate(remote) : registry.retry(remote)).then(({ app }) => {
      if (cancelled || !host.current) return;
      parcel = mountRootParcel(
        app as unknown as ParcelConfig<RemoteAppProps>,
        mount.parcelProps(host.current, crash),
      );
      parcel.mountPromise.then(() => {
        if (!cancelled) setStatus('ready');
      }, crash);
    }, fail);

    return () => {
      cancelled = true;
      const mounted = parcel;
      if (mounted) mounted.mountPromise.then(() => mounted.unmount()).catch(() => undefined);
      mount.release();
    };
  }, [remote, registry, attempt]);

  // While loading, the spinner floats over the outlet and the outlet holds a screen's height, so
  // the remote's page draws where it stays: nothing above it disappears when it is ready.
  const loading = status === 'loading';
  return (
    <>
      {loading && (
        <div className="shell-remote-loading">
          <PageLoading />
        </div>
      )}
      {status === 'failed' && <SectionUnavailable onRetry={() => setAttempt((n) => n + 1)} />}
      <div
        ref={host}
        className={loading ? 'shell-remote shell-remote--loading' : 'shell-remote'}
        data-remote={remote.id}
        hidden={status === 'failed'}
      />
    </>
  );
}
