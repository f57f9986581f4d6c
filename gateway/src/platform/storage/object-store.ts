import type { Readable } from 'node:stream';

// Where the gateway keeps files that must outlive a machine: every version of the remote builds, the images staff
// upload for content, and the files staff send to clients (decision 0057). One interface, two backends: a folder on
// this machine (folder-store.ts, the default) or an S3-compatible bucket (s3-store.ts) that several gateways share.

export interface ObjectInfo {
  /** The object's key inside its store: `/`-separated segments, none empty, `.` or `..`. */
  key: string;
  size: number;
  /** When it was stored: the Last-Modified a response carries. */
  modified: Date;
  /** Hex SHA-256 of the content, when the store recorded it at `put` (a bucket does, a folder does not). */
  sha256?: string;
}

/** Inclusive byte offsets, as in a Range header: `{ start: 0, end: 0 }` is the first byte. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `put` stores: bytes in memory, or a file on this machine's disk (read as a stream, for large uploads). */
export type PutBody = Buffer | { file: string };

export interface PutOptions {
  contentType?: string;
  /** Hex SHA-256 of the body, recorded with it where the backend can (object metadata) so verifying is one look. */
  sha256?: string;
}

export interface ObjectStore {
  /** Where it is, for messages: `file:/srv/data/remotes` or `s3://bucket/prefix/remotes/`. */
  readonly location: string;
  /** The object's size and dates, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes as a stream (only `range` of them when given, which must lie inside it), or null. */
  get(key: string, range?: ByteRange): Promise<{ info: ObjectInfo; body: Readable } | null>;
  /**
   * Stores `body` at `key`, whole or not at all, unless an object is there already: a stored object is never
   * overwritten. True when this call stored it, false when one was there.
   */
  put(key: string, body: PutBody, options?: PutOptions): Promise<boolean>;
  /** Every object whose key starts with `prefix` (a folder's, ending in `/`, or '' for all), in no set order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** The names one level below `prefix` (a folder's, ending in `/`) that hold objects: `a/` of `a/b`. */
  folders(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
  /** Deletes every object under `prefix` (a folder's, ending in `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** The object's file on this machine, for a folder store (read in place); null for a bucket. */
  localPath(key: string): Promise<string | null>;
}

/** The three areas, each a store of its own (in one bucket under three prefixes, or in three folders). */
export interface ObjectStores {
  /** `<remote>/<version>/<file>`: every stored version of the remote builds (areas/releases/version-files.ts). */
  remotes: ObjectStore;
  /** `<uuid>.<ext>`: images staff uploaded for content, served at /content-images/. */
  contentImages: ObjectStore;
  /** `<uuid>`: files staff uploaded for clients, downloaded through the API. */
  files: ObjectStore;
  /** 'file' when the areas are folders on this machine, 's3' for a bucket. */
  kind: 'file' | 's3';
}

/**
 * A key is `/`-separated segments, none empty, `.` or `..`, without NUL or backslash: what the gateway builds
 * itself, and what a URL path must come down to before it names an object (file-routes.ts).
 */
export function isKey(key: string): boolean {
  if (!key || key.includes('\0') || key.includes('\\')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function checkKey(key: string): string {
  if (!isKey(key)) throw new Error(`'${key}' is not an object key`);
  return key;
}

/** Reads a whole object into memory (remote build files and images are small; client files are streamed). */
export async function readObject(store: ObjectStore, key: string): Promise<Buffer | null> {
  const found = await store.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
