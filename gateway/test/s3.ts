import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestBucket {
  /** OBJECT_STORE_URL and the AWS_* variables a gateway needs to use the bucket. */
  env: Record<string, string>;
  endpoint: string;
  /** Every request the server received, in order: what a test counts (GETs of one object, say). */
  requests: { method: string; url: string }[];
  /** The GETs of objects whose key ends with `suffix` (not listings). */
  gets: (suffix: string) => number;
  stop: () => Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on loopback, storing its objects in a temporary folder, with one
 * bucket. It takes the credentials S3RVER / S3RVER and path-style addresses.
 */
export async function startBucket(prefix = 'site', bucket = 'agency-test'): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const requests: TestBucket['requests'] = [];
  server.httpServer.on('request', (req) => requests.push({ method: req.method ?? '', url: req.url ?? '' }));
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      OBJECT_STORE_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    requests,
    gets: (suffix) =>
      requests.filter((r) => r.method === 'GET' && decodeURIComponent(r.url.split('?')[0]!).endsWith(suffix)).length,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
