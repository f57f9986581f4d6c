import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';

/** A gateway app served over real HTTP on a free loopback port, as a pipeline reaches it. */
export async function listen(app: Hono): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Answer {
  status: number;
  json: Record<string, unknown> & { message?: string };
  headers: Headers;
}

/** A release API call with a deploy token, over HTTP. */
export async function call(
  origin: string,
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(origin + apiPath, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Answer['json']) : {}, headers: res.headers };
}

/** A build folder's files as the deploy client declares them. */
export async function buildFiles(dir: string) {
  const files: { path: string; size: number; sha256: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(full);
    files.push({
      path: path.relative(dir, full).split(path.sep).join('/'),
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
    });
  }
  return files;
}

/**
 * A build declared and its missing files sent, as `agency-deploy` does, but not sealed: the version's name. Throws
 * on any refusal.
 */
export async function upload(origin: string, token: string, remote: string, dir: string): Promise<string> {
  const files = await buildFiles(dir);
  const manifest = JSON.parse(files.find((f) => f.path === 'mf-manifest.json')!.bytes.toString('utf8')) as {
    metaData?: { buildInfo?: { buildVersion?: string } };
  };
  const plan = await call(origin, token, 'POST', `/api/releases/${remote}/uploads`, {
    buildVersion: manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0',
    files: files.map(({ path: p, size, sha256 }) => ({ path: p, size, sha256 })),
  });
  if (plan.status !== 200) throw new Error(`declaring ${dir}: ${plan.status} ${plan.json.message}`);
  const version = plan.json.version as string;
  for (const hash of plan.json.missing as string[]) {
    const file = files.find((f) => f.sha256 === hash)!;
    const res = await fetch(`${origin}/api/releases/${remote}/uploads/${version}/files/${hash}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: file.bytes,
    });
    if (res.status !== 204) throw new Error(`sending ${file.path}: ${res.status} ${await res.text()}`);
  }
  return version;
}

/** Seals an uploaded version: its checks run before this answers. */
export const seal = (origin: string, token: string, remote: string, version: string) =>
  call(origin, token, 'POST', `/api/releases/${remote}/uploads/${version}/seal`, {});
