import type { OnlineCountResponse } from '@ukd/contracts/api';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useShellServices } from '../session/shell-services';
import { onlineNow } from './online-now';

/** SPEC §9: the online count is fetched again every 300000 ms. */
export const onlineCountRefreshMs = 300_000;

/**
 * 12,345 as en-GB writes it. Not `toLocaleString`: the first Intl formatter loads the browser's
 * locale data, about 150 ms of main thread on a phone as Lighthouse models one, on every public
 * page, for a comma.
 */
export const groupedCount = (count: number) =>
  String(Math.round(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function OnlineCount() {
  const { api } = useShellServices();
  const [polled, setOnline] = useState<number | null>(null);
  // A member's page hears presence live; the poll covers visitors and the moment before.
  const live = useSyncExternalStore(onlineNow.subscribe, onlineNow.live, onlineNow.live);
  const online = live ?? polled;

  useEffect(() => {
    const load = () =>
      api<OnlineCountResponse>('/onlines/count', { auth: false, background: true })
        .then(({ data }) => setOnline(data.online))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, onlineCountRefreshMs);
    return () => clearInterval(timer);
  }, [api]);

  if (online === null) return null;
  return (
    <span className="shell-online" title="Members online now">
      <span className="shell-online__dot" aria-hidden="true" />
      {groupedCount(online)} online
    </span>
  );
}
