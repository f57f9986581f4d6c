import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from '@agency/contracts';

/**
 * The build folder a person named, resolved from where they ran the command (pnpm's INIT_CWD: `pnpm --filter` and
 * `pnpm remotes` run the script in the gateway's folder), and checked to hold a remote's build before anything is
 * stored, so a wrong path is named as such rather than failing later with a file system error.
 */
export async function buildFolder(remote: RemoteName, given: string, invokedFrom: string): Promise<string> {
  const folder = path.resolve(invokedFrom, given);
  const from = path.isAbsolute(given) ? '' : ` ('${given}' from ${invokedFrom})`;
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory())
    throw new Error(
      `No build folder at ${folder}${from}. Build the remote first ('pnpm --filter @agency/mfe-${remote} build') ` +
        `and name its dist folder, e.g. 'pnpm remotes publish ${remote} mfe-${remote}/dist' from the repository root.`,
    );
  if (!(await stat(path.join(folder, 'mf-manifest.json')).catch(() => null))?.isFile())
    throw new Error(
      `${folder}${from} holds no mf-manifest.json, so it is not a remote's build: name the dist folder a remote's ` +
        `build wrote ('pnpm --filter @agency/mfe-${remote} build' writes mfe-${remote}/dist).`,
    );
  return folder;
}
