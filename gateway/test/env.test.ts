import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../src/env';

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
    const gatewayRoot = path.resolve(import.meta.dirname, '..');
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
