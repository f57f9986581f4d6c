import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { REMOTE_NAMES } from '@agency/contracts';
import { manifestKey, objectVersionFiles } from '../releases';
import type { ObjectStore, ObjectStores } from '../../platform/storage/object-store';
import { createLogger, type Logger } from '../../platform/logger';

/**
 * How a copy treats an object the target has already. `verify` (migrate-store, a restore) reads it back and compares
 * its SHA-256; `sameSize` (a repeated backup into the same place) takes an object of the same size as copied before:
 * keys are content-addressed or random and objects are never overwritten, so it can only be that copy, and a
 * backup run every hour does not read the whole bucket twice.
 */
export type ExistingObjects = 'verify' | 'sameSize';

/** Partial uploads an older gateway left in FILES_DIR: never a client's file. */
const PARTIAL_UPLOAD = /\.part$/;

async function hashOf(body: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    hash.update(bytes);
  }
  return { sha256: hash.digest('hex'), size };
}

async function contentHash(store: ObjectStore, key: string) {
  const found = await store.get(key);
  return found ? hashOf(found.body) : null;
}

export interface AreaReport {
  copied: number;
  alreadyThere: number;
  bytes: number;
}

export interface MigrationReport {
  remotes: AreaReport & { versions: number; adopted: string[]; incomplete: string[]; unreadable: string[] };
  contentImages: AreaReport;
  files: AreaReport;
}

/**
 * Copies one object, or finds it already copied, and reads the copy back: its SHA-256 must be the source's. A
 * different object under the same key in the target is refused, never overwritten.
 */
async function copyObject(
  from: ObjectStore,
  to: ObjectStore,
  key: string,
  report: AreaReport,
  existing: ExistingObjects,
  expected?: string,
): Promise<void> {
  if (existing === 'sameSize') {
    const [there, source] = await Promise.all([to.head(key), from.head(key)]);
    if (there && source && there.size === source.size) {
      report.alreadyThere++;
      report.bytes += there.size;
      return;
    }
  }
  const source = await contentHash(from, key);
  if (!source) throw new Error(`${key} vanished from ${from.location} during the copy`);
  if (expected !== undefined && source.sha256 !== expected)
    throw new Error(`${from.location}/${key} no longer matches its version's manifest: not copied`);
  const local = await from.localPath(key);
  const stored = await to.put(key, local ? { file: local } : await read(from, key), { sha256: source.sha256 });
  const copy = await contentHash(to, key);
  if (!copy || copy.sha256 !== source.sha256 || copy.size !== source.size)
    throw new Error(
      `${to.location}${key} differs from ${from.location}/${key} (SHA-256 ${copy?.sha256 ?? 'none'} against ` +
        `${source.sha256}): remove it, or copy to another prefix or folder, then run the command again`,
    );
  if (stored) report.copied++;
  else report.alreadyThere++;
  report.bytes += source.size;
}

async function read(store: ObjectStore, key: string): Promise<Buffer> {
  const found = await store.get(key);
  if (!found) throw new Error(`${key} vanished from ${store.location} during the copy`);
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every object of one area (but those `skip` matches) copied into another, each counted again at the target. */
export async function copyArea(
  from: ObjectStore,
  to: ObjectStore,
  skip: RegExp | null,
  existing: ExistingObjects = 'verify',
): Promise<AreaReport> {
  const report = { copied: 0, alreadyThere: 0, bytes: 0 };
  const keys: string[] = [];
  for await (const info of from.list('')) if (!skip?.test(info.key)) keys.push(info.key);
  for (const key of keys.sort()) await copyObject(from, to, key, report, existing);
  // Counted again at the target: every key listed there, as many as were copied.
  const there = new Set<string>();
  for await (const info of to.list('')) there.add(info.key);
  const missing = keys.filter((key) => !there.has(key));
  if (missing.length) throw new Error(`${missing.length} objects are not listed in ${to.location}: ${missing[0]}`);
  return report;
}

/**
 * `remotes migrate-store`: every whole stored version (files, then its manifest), every content image and every
 * client file copied from the folder store into a bucket and each copy's SHA-256 checked against its source.
 * Idempotent: what is already there and equal is counted, not copied again. Versions from before manifests are
 * adopted first; a folder an interrupted publish left is reported and not copied (it is never served), and so is a
 * version whose manifest cannot be read (it is not served either, until it is published again), with a warning.
 */
export async function migrateStore(
  from: Omit<ObjectStores, 'kind'>,
  to: Omit<ObjectStores, 'kind'>,
  existing: ExistingObjects = 'verify',
  logger: Logger = createLogger('warn'),
): Promise<MigrationReport> {
  const versions = objectVersionFiles(from.remotes, logger);
  const adopted = await versions.adopt();
  const remotes = {
    copied: 0,
    alreadyThere: 0,
    bytes: 0,
    versions: 0,
    adopted,
    incomplete: [] as string[],
    unreadable: [] as string[],
  };
  for (const name of REMOTE_NAMES) {
    const complete = new Set(await versions.complete(name));
    for (const version of await versions.list(name))
      if (!complete.has(version)) remotes.incomplete.push(`${name}/${version}`);
    for (const version of [...complete].sort()) {
      const manifest = await versions.manifest(name, version);
      if (!manifest) {
        logger.warn('version not copied: its manifest cannot be read', {
          remote: name,
          version,
          from: from.remotes.location,
        });
        remotes.unreadable.push(`${name}/${version}`);
        continue;
      }
      for (const [file, expected] of Object.entries(manifest.files)) {
        await copyObject(from.remotes, to.remotes, `${name}/${version}/${file}`, remotes, existing, expected.sha256);
      }
      // Last, as a publish does: the version is whole in the bucket only once every file is there and checked.
      await copyObject(from.remotes, to.remotes, manifestKey(name, version), remotes, existing);
      remotes.versions++;
    }
  }
  return {
    remotes,
    contentImages: await copyArea(from.contentImages, to.contentImages, null, existing),
    files: await copyArea(from.files, to.files, PARTIAL_UPLOAD, existing),
  };
}

/** One line per area: what was copied, what was there already, and how much. */
export const areaLine = (label: string, r: AreaReport) =>
  `${label}: ${r.copied} copied, ${r.alreadyThere} already there (${(r.bytes / 1024 / 1024).toFixed(1)} MiB)`;

/** What a copy of the three areas did, as lines: the versions adopted or left out, then each area. */
export function copyLines(report: MigrationReport): string[] {
  return [
    ...(report.remotes.adopted.length
      ? [`versions from before version manifests, checked against their names: ${report.remotes.adopted.join(', ')}`]
      : []),
    `${areaLine('remote build files', report.remotes)}, in ${report.remotes.versions} versions`,
    ...(report.remotes.incomplete.length
      ? [`not copied, incomplete (an interrupted publish): ${report.remotes.incomplete.join(', ')}`]
      : []),
    ...(report.remotes.unreadable.length
      ? [`not copied, its manifest cannot be read (publish it again): ${report.remotes.unreadable.join(', ')}`]
      : []),
    areaLine('content images', report.contentImages),
    areaLine('client files', report.files),
  ];
}

export function migrationText(report: MigrationReport, target: string): string {
  return [
    ...copyLines(report),
    `Every copy in ${target} was read back and its SHA-256 matches its source. Set OBJECT_STORE_URL=${target} ` +
      `(with the same AWS_* variables) on every gateway and restart them.`,
  ].join('\n');
}
