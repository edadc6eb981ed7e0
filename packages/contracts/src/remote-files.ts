/** What a remote's `mf-manifest.json` says about where its code is (the part the site reads). */
export interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** A file a remote needs, and what the browser fetches it as. */
export interface RemoteFile {
  href: string;
  as: 'fetch' | 'script' | 'style';
}

/**
 * The files a remote needs before it can draw anything: its `mf-manifest.json` (`entry`, as the
 * site manifest names it), its `remoteEntry.js` and the chunks of its `register` and `app`
 * modules, which the federation runtime would otherwise discover one after another. The site
 * server preloads them for the page a remote draws; the shell prefetches them for a link in view.
 * A manifest of another shape (an older plugin, a hand-made build) gives what it can.
 */
export function remoteFirstFiles(entry: string, manifest: unknown): RemoteFile[] {
  const { metaData, exposes } = (manifest ?? {}) as FederationManifest;
  const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
  const remoteEntry = metaData?.remoteEntry;
  const files = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((file): file is string => typeof file === 'string') : [];
  const exposed = (Array.isArray(exposes) ? exposes : []).filter((expose) =>
    ['./register', './app'].includes(expose?.path),
  );
  return [
    { href: entry, as: 'fetch' },
    ...(typeof remoteEntry?.name === 'string'
      ? [{ href: `${folder}${remoteEntry.path ?? ''}${remoteEntry.name}`, as: 'script' as const }]
      : []),
    ...exposed.flatMap((expose) => [
      ...files(expose.assets?.css?.sync).map((file) => ({ href: folder + file, as: 'style' as const })),
      ...files(expose.assets?.js?.sync).map((file) => ({ href: folder + file, as: 'script' as const })),
    ]),
  ];
}
