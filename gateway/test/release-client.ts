import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { routes, SERVER_BUILD_FILE, type PreflightReport } from '@agency/contracts';

/**
 * A marketing build a team could upload: a federation manifest exposing every page module the route table gives
 * marketing (so the manifest and pages checks pass), a tiny remote entry, and `server` as its server build.
 */
export async function marketingBuild(root: string, label: string, server: string): Promise<string> {
  const dir = path.join(root, `marketing-${label}`);
  await mkdir(path.join(dir, path.dirname(SERVER_BUILD_FILE)), { recursive: true });
  const modules = [...new Set(routes.filter((r) => r.owner === 'marketing').map((r) => r.module))];
  const manifest = {
    name: 'agency_marketing',
    metaData: { remoteEntry: { name: 'remoteEntry.js' }, buildInfo: { buildVersion: '1.0.0' } },
    shared: [],
    exposes: modules.map((name) => ({ name, assets: { js: { sync: [] }, css: { sync: [] } } })),
  };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'remoteEntry.js'), `/* ${label} */`);
  await writeFile(path.join(dir, SERVER_BUILD_FILE), server);
  return dir;
}

/** The shell's build for a gateway under test: its template, its manifest (no singletons) and `server`. */
export async function shellBuild(dir: string, server: string): Promise<void> {
  await mkdir(path.join(dir, path.dirname(SERVER_BUILD_FILE)), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><title>x</title><!--/app-head--><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'shell', shared: [], exposes: [] }));
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
  const declared = await call('POST', `${base}/uploads`, {
    buildVersion: '1.0.0',
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
