import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('configuration', () => {
  it('runs on defaults: a libSQL file under data/', () => {
    const env = loadEnv({});
    expect(env.port).toBe(8787);
    expect(env.databaseUrl).toMatch(/^file:.*gateway\/data\/agency\.db$/);
    expect(env.remotesDir).toMatch(/gateway\/data\/remotes$/);
    expect(env.publicConfig.supportEmail).toBe('support@beloud.co.nz');
  });

  it('accepts any libSQL URL and remote overrides', () => {
    const env = loadEnv({
      DATABASE_URL: 'http://127.0.0.1:8080',
      REMOTE_QUOTING_URL: 'https://cdn.example/q/mf-manifest.json',
    });
    expect(env.databaseUrl).toBe('http://127.0.0.1:8080');
    expect(env.remoteUrls).toEqual({ quoting: 'https://cdn.example/q/mf-manifest.json' });
  });

  it('keeps files in folders under the data directory by default, or in a bucket (decision 0057)', () => {
    const folders = loadEnv({ DATA_DIR: '/srv/agency', FILES_DIR: '/mnt/files' });
    expect(folders.objectStore).toEqual({
      kind: 'file',
      remotesDir: '/srv/agency/remotes',
      contentImagesDir: '/srv/agency/content-images',
      filesDir: '/mnt/files',
    });
    expect(folders.remotesDir).toBe('/srv/agency/remotes');
    expect(loadEnv({ OBJECT_STORE_URL: 'file:///srv/store' }).objectStore).toMatchObject({
      remotesDir: '/srv/store/remotes',
    });
    const bucket = loadEnv({
      DATA_DIR: '/srv/agency',
      OBJECT_STORE_URL: 's3://agency-site/prod/eu',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
      ASSET_BASE_URL: 'https://cdn.example/mfe/',
      OBJECT_CACHE_MB: '16',
    });
    expect(bucket.objectStore).toEqual({
      kind: 's3',
      bucket: 'agency-site',
      prefix: 'prod/eu/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      timeoutMs: 3000,
    });
    // The release state stays in its folder until it moves to the database.
    expect(bucket.remotesDir).toBe('/srv/agency/remotes');
    expect(bucket.assetBaseUrl).toBe('https://cdn.example/mfe');
    expect(bucket.objectCacheBytes).toBe(16 * 1024 * 1024);
    expect(loadEnv({ OBJECT_STORE_URL: 's3://b-1' }).objectStore).toMatchObject({ bucket: 'b-1', prefix: '' });
  });

  it('names a bad object store, asset base or half-set credentials', () => {
    const bad = { OBJECT_STORE_URL: 'ftp://x', ASSET_BASE_URL: 'javascript:alert(1)', AWS_ACCESS_KEY_ID: 'key' };
    expect(() => loadEnv(bad)).toThrow(/OBJECT_STORE_URL: must be file:<folder> or s3:\/\/<bucket>\/<prefix>/);
    expect(() => loadEnv(bad)).toThrow(/ASSET_BASE_URL: must be an http\(s\) URL/);
    expect(() => loadEnv({ AWS_ACCESS_KEY_ID: 'key' })).toThrow(/AWS_SECRET_ACCESS_KEY: set AWS_ACCESS_KEY_ID and/);
    expect(() => loadEnv({ OBJECT_STORE_URL: 's3://UPPER/x' })).toThrow(/OBJECT_STORE_URL/);
    expect(() => loadEnv({ OBJECT_CACHE_MB: '-1' })).toThrow(/OBJECT_CACHE_MB/);
  });

  it('gives every database and bucket call a deadline, and a stop its drain, each configurable', () => {
    const defaults = loadEnv({ OBJECT_STORE_URL: 's3://agency-site/prod' });
    expect(defaults.databaseTimeoutMs).toBe(3000);
    expect(defaults.objectStore).toMatchObject({ timeoutMs: 3000 });
    expect(defaults.shutdownDrainMs).toBe(5000);
    const set = loadEnv({
      OBJECT_STORE_URL: 's3://agency-site/prod',
      DATABASE_TIMEOUT_MS: '2000',
      OBJECT_STORE_TIMEOUT_MS: '4500',
      SHUTDOWN_DRAIN_MS: '0',
    });
    expect([set.databaseTimeoutMs, set.shutdownDrainMs]).toEqual([2000, 0]);
    expect(set.objectStore).toMatchObject({ timeoutMs: 4500 });
    expect(() => loadEnv({ DATABASE_TIMEOUT_MS: '0' })).toThrow(/DATABASE_TIMEOUT_MS/);
  });

  it('traces only with an OTLP endpoint, and names a bad collector header without its secret (decision 0088)', () => {
    expect(loadEnv({}).tracing).toBeUndefined();
    expect(
      loadEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_HEADERS: 'api-key=s%3Dcret, x-team=site',
      }).tracing,
    ).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'agency-gateway',
      headers: { 'api-key': 's=cret', 'x-team': 'site' },
    });
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => loadEnv({ OTEL_SERVICE_NAME: 'two words' })).toThrow(/OTEL_SERVICE_NAME/);
    let message = '';
    try {
      loadEnv({ OTEL_EXPORTER_OTLP_HEADERS: 'api key=topsecret%zz' });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/OTEL_EXPORTER_OTLP_HEADERS: an entry for 'api key' is not name=value/);
    expect(message).not.toContain('topsecret');
  });

  it('serves the portal beside the public origin, as `portal.` before its host unless set (decision 0077)', () => {
    expect(loadEnv({}).publicConfig).toMatchObject({
      publicOrigin: 'http://localhost:8787',
      portalOrigin: 'http://portal.localhost:8787',
      site: 'public',
    });
    expect(loadEnv({ PUBLIC_ORIGIN: 'https://beloud.co.nz' }).publicConfig.portalOrigin).toBe(
      'https://portal.beloud.co.nz',
    );
    expect(
      loadEnv({ PUBLIC_ORIGIN: 'https://beloud.co.nz', PORTAL_ORIGIN: 'https://clients.beloud.co.nz/' }).publicConfig
        .portalOrigin,
    ).toBe('https://clients.beloud.co.nz');
    // Cookies do not tell ports apart, and `portal.` cannot go before an address.
    expect(() => loadEnv({ PORTAL_ORIGIN: 'http://localhost:9999' })).toThrow(/PORTAL_ORIGIN: must have another host/);
    expect(() => loadEnv({ PUBLIC_ORIGIN: 'http://127.0.0.1:8787' })).toThrow(/PORTAL_ORIGIN: set it/);
    expect(() => loadEnv({ PUBLIC_ORIGIN: 'http://[::1]:8787' })).toThrow(/PORTAL_ORIGIN: set it/);
    expect(() => loadEnv({ PORTAL_ORIGIN: 'ftp://portal.example' })).toThrow(/PORTAL_ORIGIN: must be an http\(s\) URL/);
    expect(
      loadEnv({ PUBLIC_ORIGIN: 'http://127.0.0.1:8787', PORTAL_ORIGIN: 'http://portal.localhost:8787' }).publicConfig
        .portalOrigin,
    ).toBe('http://portal.localhost:8787');
  });

  it('names every bad field', () => {
    const bad = { PORT: 'eighty', SUPPORT_EMAIL: 'nope', DATABASE_URL: 'postgres://x', SERVER_RENDER: 'yes' };
    expect(() => loadEnv(bad)).toThrow(ConfigError);
    try {
      loadEnv(bad);
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/SUPPORT_EMAIL/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a libSQL URL/);
      expect((error as Error).message).toMatch(/SERVER_RENDER: must be 'on' or 'off'/);
    }
  });

  it('stops the process with exit code 1 and a clear message on bad config', () => {
    const gatewayRoot = path.resolve(import.meta.dirname, '../..');
    const result = spawnSync(path.join(gatewayRoot, 'node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: gatewayRoot,
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
  });
});
