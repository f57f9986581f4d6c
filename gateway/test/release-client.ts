import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_BUILD_FILE, type PreflightReport } from '@agency/contracts';

const repo = path.resolve(import.meta.dirname, '../..');

/**
 * A marketing build a team could upload: the real browser build (`pnpm build` first), so the manifest, files, pages,
 * entry, shared and budget checks pass, with `server` as its server build and `entryPrefix` put before its remote
 * entry (code that still evaluates, as a team's own could be).
 */
export async function marketingBuild(root: string, label: string, server: string, entryPrefix = ''): Promise<string> {
  const dir = path.join(root, `marketing-${label}`);
  await cp(path.join(repo, 'mfe-marketing/dist'), dir, { recursive: true });
  await writeFile(path.join(dir, SERVER_BUILD_FILE), server);
  const entry = path.join(dir, 'remoteEntry.js');
  await writeFile(entry, `/* ${label} */${entryPrefix}\n${await readFile(entry, 'utf8')}`);
  return dir;
}

/** The shell's build for a gateway under test: its template, the real shell's manifest (its singletons) and `server`. */
export async function shellBuild(dir: string, server: string): Promise<void> {
  await mkdir(path.join(dir, path.dirname(SERVER_BUILD_FILE)), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><title>x</title><!--/app-head--><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  await cp(path.join(repo, 'shell/dist/mf-manifest.json'), path.join(dir, 'mf-manifest.json'));
  await writeFile(path.join(dir, SERVER_BUILD_FILE), server);
}

async function filesOf(dir: string, under = ''): Promise<{ path: string; bytes: Buffer }[]> {
  const found: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesOf(dir, rel)));
    else found.push({ path: rel, bytes: await readFile(path.join(dir, rel)) });
  }
  return found;
}

export interface Sealed {
  status: number;
  /** The seal's answer as sent. */
  text: string;
  version: string;
  report?: PreflightReport;
}

/**
 * Uploads `dir` through the release API as a pipeline does (declare, send what is missing, seal) with a deploy
 * token, and answers the seal: the version and its pre-flight report.
 */
export async function uploadAndSeal(
  origin: string,
  token: string,
  remote: string,
  dir: string,
  provenance: { commit?: string; message?: string } = {},
): Promise<Sealed> {
  const call = async (method: string, apiPath: string, body?: unknown, raw?: Buffer) => {
    const res = await fetch(new URL(apiPath, origin), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': raw ? 'application/octet-stream' : 'application/json',
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return { status: res.status, text: await res.text() };
  };
  const files = (await filesOf(dir)).map((f) => ({ ...f, sha256: createHash('sha256').update(f.bytes).digest('hex') }));
  const base = `/api/releases/${remote}`;
  const manifest = JSON.parse(files.find((f) => f.path === 'mf-manifest.json')!.bytes.toString('utf8')) as {
    metaData: { buildInfo: { buildVersion: string } };
  };
  const declared = await call('POST', `${base}/uploads`, {
    buildVersion: manifest.metaData.buildInfo.buildVersion,
    files: files.map((f) => ({ path: f.path, size: f.bytes.length, sha256: f.sha256 })),
    ...provenance,
  });
  if (declared.status !== 200) throw new Error(`declaring the upload answered ${declared.status}: ${declared.text}`);
  const plan = JSON.parse(declared.text) as { version: string; missing: string[] };
  for (const hash of plan.missing) {
    const file = files.find((f) => f.sha256 === hash)!;
    const sent = await call('PUT', `${base}/uploads/${plan.version}/files/${hash}`, undefined, file.bytes);
    if (sent.status !== 204) throw new Error(`sending ${file.path} answered ${sent.status}: ${sent.text}`);
  }
  const sealed = await call('POST', `${base}/uploads/${plan.version}/seal`, provenance);
  const answer = sealed.status === 200 ? (JSON.parse(sealed.text) as { report: PreflightReport }) : undefined;
  return { status: sealed.status, text: sealed.text, version: plan.version, report: answer?.report };
}
