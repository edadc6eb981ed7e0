import type { RemoteAppProps, SlotName } from '@ukd/contracts';
import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import { afterPageWork } from '../chrome/page-work';
import { useShellServices } from '../session/shell-services';

function isLifecycles(value: unknown): value is ParcelConfig<RemoteAppProps> {
  const candidate = value as { mount?: unknown; unmount?: unknown } | null;
  return typeof candidate?.mount !== 'undefined' && typeof candidate.unmount !== 'undefined';
}

/**
 * A place in the shell's chrome a remote fills with a widget. Only the remote the site
 * manifest names for this slot is loaded, and only once the slot is on the page. The widget
 * mounts as a parcel into a node React never renders into; until it is there, or when the
 * remote or widget fails to load or throws, the slot shows nothing and the chrome around it is
 * untouched: a widget is an extra, never a reason for an error on the page.
 */
export function Slot({ name }: { name: SlotName }) {
  const { registry, pageWork } = useShellServices();
  const node = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  const owner = registry.ownerOf(name);

  useEffect(() => {
    if (!owner) return;
    let parcel: Parcel<RemoteAppProps> | null = null;
    let cancelled = false;
    let warned = false;
    // The widget's own context: its realtime handlers go with it, not with the remote's page.
    const mount = registry.mount(owner, name);

    const fail = (error: unknown) => {
      if (cancelled) return;
      if (!warned) console.warn(`slot ${name}: ${owner.id}'s widget is unavailable`, error);
      warned = true;
      setMounted(false);
      const crashed = parcel;
      parcel = null;
      crashed?.mountPromise.then(() => crashed.unmount()).catch(() => undefined);
    };

    // The registry is shared with the route outlet, so a remote that is already on the page is
    // not loaded or registered again. A failure here is not `release`d: that would dispose the
    // registration a mounted page of the same remote still uses. A widget is an extra: it waits
    // until the page's own calls and code have arrived and the browser is idle, so loading its
    // remote never competes with the page it sits beside.
    const show = async () => {
      if (cancelled) return;
      const { registration } = await registry.activate(owner);
      const load = registration.widgets?.[name];
      if (!load) throw new Error(`${owner.id} registered no widget for this slot`);
      const widget = (await load()).default;
      if (!isLifecycles(widget)) throw new Error(`${owner.id}'s widget exports no lifecycles`);
      if (cancelled || !node.current) return;
      parcel = mountRootParcel(widget, mount.parcelProps(node.current, fail));
      await parcel.mountPromise;
      if (!cancelled) setMounted(true);
    };
    const stopWaiting = afterPageWork(pageWork, () => {
      show().catch(fail);
    });

    return () => {
      cancelled = true;
      stopWaiting();
      const leaving = parcel;
      if (leaving) leaving.mountPromise.then(() => leaving.unmount()).catch(() => undefined);
      mount.release();
    };
  }, [owner, name, registry, pageWork]);

  if (!owner) return null;
  return <div ref={node} className="shell-slot" data-slot={name} hidden={!mounted} />;
}
