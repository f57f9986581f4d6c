import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { DependencyError, withDeadline } from '../dependencies';
import { checkKey, type ObjectInfo, type ObjectStore } from './object-store';

/** Bodies above this go up in parts (lib-storage), read from disk as a stream; below it in one PUT with its MD5. */
const SINGLE_PUT_MAX_BYTES = 16 * 1024 * 1024;
const PART_BYTES = 8 * 1024 * 1024;

export interface S3Config {
  bucket: string;
  /** Key prefix of the gateway's objects in the bucket ('' or ending in `/`). */
  prefix: string;
  /** An S3-compatible server's URL (AWS_ENDPOINT_URL_S3); unset, AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; unset, the SDK's default chain (instance role, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  /** One call's deadline, until its answer's first byte (OBJECT_STORE_TIMEOUT_MS); also the socket's idle limit. */
  timeoutMs: number;
}

/** A write may take longer than a read by its size: this much more per MiB sent. */
const PUT_MS_PER_MIB = 1000;

/**
 * One client for the three areas. An S3-compatible server (MinIO, Garage, R2, s3rver) gets path-style addresses and
 * checksums only where the API requires them: several of them refuse the SDK's newer default trailing checksums.
 * Every single PUT carries its Content-MD5 instead, so a body damaged on the way is refused by the server.
 */
export function s3Client(config: Omit<S3Config, 'bucket' | 'prefix'>): S3Client {
  const compatible = config.endpoint !== undefined;
  return new S3Client({
    region: config.region,
    // A socket that connects or stays silent longer than the deadline is given up (a frozen server, a stalled body).
    requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs },
    ...(config.credentials ? { credentials: config.credentials } : {}),
    ...(compatible
      ? {
          endpoint: config.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
}

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const notFound = (error: unknown) => status(error) === 404 || ['NotFound', 'NoSuchKey'].includes((error as Error).name);

/**
 * The objects of one area: keys are `<prefix><key>` in the bucket. Every call has a deadline; a call the bucket does
 * not answer (in time, or at all) fails as the bucket being unavailable (platform/dependencies.ts), never as a hang.
 */
export function s3Store(client: S3Client, bucket: string, prefix: string, timeoutMs: number): ObjectStore {
  const Bucket = bucket;
  const full = (key: string) => prefix + checkKey(key);

  async function send<O>(what: string, call: (abortSignal: AbortSignal) => Promise<O>, extraMs = 0): Promise<O> {
    try {
      return await withDeadline('bucket', timeoutMs + extraMs, `${what} at s3://${bucket}/${prefix}`, call);
    } catch (error) {
      if (notFound(error) || error instanceof DependencyError) throw error;
      const name = (error as Error).name;
      throw new DependencyError('bucket', `${what} at s3://${bucket}/${prefix}: ${name}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await send(`HEAD ${key}`, (abortSignal) =>
        client.send(new HeadObjectCommand({ Bucket, Key: full(key) }), { abortSignal }),
      );
      return {
        key,
        size: out.ContentLength ?? 0,
        modified: out.LastModified ?? new Date(0),
        ...(out.Metadata?.sha256 ? { sha256: out.Metadata.sha256 } : {}),
      };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async function* list(listPrefix: string): AsyncGenerator<ObjectInfo> {
    let ContinuationToken: string | undefined;
    do {
      const page = await send(`LIST ${listPrefix}`, (abortSignal) =>
        client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix + listPrefix, ContinuationToken }), {
          abortSignal,
        }),
      );
      for (const item of page.Contents ?? [])
        if (item.Key)
          yield {
            key: item.Key.slice(prefix.length),
            size: item.Size ?? 0,
            modified: item.LastModified ?? new Date(0),
          };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    location: `s3://${bucket}/${prefix}`,
    head,
    async get(key, range) {
      try {
        const out = await send(`GET ${key}`, (abortSignal) =>
          client.send(
            new GetObjectCommand({
              Bucket,
              Key: full(key),
              ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
            }),
            { abortSignal },
          ),
        );
        const total = range ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1]) : out.ContentLength;
        return {
          info: {
            key,
            size: total ?? 0,
            modified: out.LastModified ?? new Date(0),
            ...(out.Metadata?.sha256 ? { sha256: out.Metadata.sha256 } : {}),
          },
          body: out.Body as Readable,
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    // Looked for first; keys are content-addressed or random, so two writers of one key write the same bytes.
    async put(key, body, options = {}) {
      if (await head(key)) return false;
      const Metadata = options.sha256 ? { sha256: options.sha256 } : undefined;
      const common = { Bucket, Key: full(key), ContentType: options.contentType, Metadata };
      const size = Buffer.isBuffer(body) ? body.length : (await stat(body.file)).size;
      if (size <= SINGLE_PUT_MAX_BYTES) {
        const bytes = Buffer.isBuffer(body) ? body : await readFile(body.file);
        const ContentMD5 = createHash('md5').update(bytes).digest('base64');
        await send(
          `PUT ${key}`,
          (abortSignal) => client.send(new PutObjectCommand({ ...common, Body: bytes, ContentMD5 }), { abortSignal }),
          Math.ceil(size / 1024 / 1024) * PUT_MS_PER_MIB,
        );
      } else {
        const stream = Buffer.isBuffer(body) ? body : createReadStream(body.file);
        await new Upload({ client, params: { ...common, Body: stream }, partSize: PART_BYTES, queueSize: 2 }).done();
      }
      return true;
    },
    list,
    // From a full listing rather than the delimiter: some S3-compatible servers (s3rver) leave out a folder whose
    // objects all lie deeper down. Used by rare operations only (prune, migrate, adopt).
    async folders(listPrefix) {
      const names = new Set<string>();
      for await (const info of list(listPrefix)) {
        const rest = info.key.slice(listPrefix.length);
        if (rest.includes('/')) names.add(rest.slice(0, rest.indexOf('/')));
      }
      return [...names];
    },
    async delete(key) {
      await send(`DELETE ${key}`, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }), { abortSignal }),
      );
    },
    async deletePrefix(listPrefix) {
      if (!listPrefix.endsWith('/')) throw new Error(`'${listPrefix}' is not a folder's prefix`);
      // Listed whole first: deleting while paging through a listing can skip keys.
      const keys: string[] = [];
      for await (const info of list(listPrefix)) keys.push(prefix + info.key);
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        const out = await send(`DELETE ${Objects.length} objects under ${listPrefix}`, (abortSignal) =>
          client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }), { abortSignal }),
        );
        if (out.Errors?.length) throw new Error(`could not delete ${out.Errors[0]!.Key}: ${out.Errors[0]!.Message}`);
      }
    },
    localPath: async () => null,
  };
}
