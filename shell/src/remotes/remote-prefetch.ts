import type { RemoteEntry } from '@ukd/contracts';
import { remoteFirstFiles } from '@ukd/contracts/remote-files';

/**
 * SPEC §2 "links prefetch when they scroll into view": a remote's first files are fetched into
 * the HTTP cache (`<link rel="prefetch">`, the lowest priority), not run. Running a remote's
 * code and its `register` on every page that shows a link to it (issue #15: the dashboard ran
 * the landers and messaging remotes for nothing) took the main thread from the page being
 * loaded; the click later runs code already on the device. Each remote is warmed once a page; a failure stays quiet until the route is visited.
 */
export function createRemotePrefetch(doc: Document = document, fetchJson = defaultFetchJson) {
  const warmed = new Set<string>();
  return (remote: RemoteEntry) => {
    if (warmed.has(remote.entry)) return;
    warmed.add(remote.entry);
    fetchJson(remote.entry).then(
      (manifest) => {
        for (const file of remoteFirstFiles(remote.entry, manifest)) {
          if (file.as === 'fetch') continue;
          const link = doc.createElement('link');
          link.rel = 'prefetch';
          link.as = file.as;
          link.href = file.href;
          doc.head.append(link);
        }
      },
      () => warmed.delete(remote.entry),
    );
  };
}

/** As the federation runtime asks for a manifest (CORS mode), so it finds this one cached. */
const defaultFetchJson = (url: string): Promise<unknown> =>
  fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  });
