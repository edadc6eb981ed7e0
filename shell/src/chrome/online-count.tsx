import type { OnlineCountResponse } from '@ukd/contracts/api';
import { useEffect, useState } from 'react';
import { useShellServices } from '../session/shell-services';

/** SPEC §9: the online count is fetched again every 300000 ms. */
export const onlineCountRefreshMs = 300_000;

export function OnlineCount() {
  const { api } = useShellServices();
  const [online, setOnline] = useState<number | null>(null);

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
      {online.toLocaleString('en-GB')} online
    </span>
  );
}
