import { remoteBaseUrl, remoteEntryUrl, type RemoteName, type RemotePointer } from '@agency/contracts';

/**
 * Where browsers load a stored version of a remote from: this gateway's /mfe/<remote>/<version>/ (contracts
 * `remoteBaseUrl`), or, with ASSET_BASE_URL, `<base>/<remote>/<version>/`: a CDN in front of the gateway
 * (`https://cdn.example/mfe`) or a public bucket (`https://bucket.example/<prefix>/remotes`).
 */
export function assetUrls(assetBaseUrl: string | undefined) {
  const base = (name: RemoteName, version: string) =>
    assetBaseUrl ? `${assetBaseUrl}/${name}/${version}/` : remoteBaseUrl(name, version);
  const entry = (name: RemoteName, version: string) => `${base(name, version)}mf-manifest.json`;
  return {
    base,
    entry,
    /** Whether this entry is a stored version's (a REMOTE_<NAME>_URL override points elsewhere). */
    isStored: (name: RemoteName, version: string, url: string) => url === entry(name, version),
    /** The pointer with every stored version's entry moved to the asset base; overrides are left as they are. */
    pointer(pointer: RemotePointer): RemotePointer {
      if (!assetBaseUrl) return pointer;
      const remotes: RemotePointer['remotes'] = {};
      for (const [name, target] of Object.entries(pointer.remotes) as [
        RemoteName,
        { version: string; entry: string },
      ][])
        remotes[name] =
          target.entry === remoteEntryUrl(name, target.version)
            ? { ...target, entry: entry(name, target.version) }
            : target;
      return { ...pointer, remotes };
    },
  };
}

export type AssetUrls = ReturnType<typeof assetUrls>;
