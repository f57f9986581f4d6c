import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import {
  endpoints,
  UPLOAD_FILE_MAX_BYTES,
  UploadDeclarationSchema,
  type RemoteName,
  type RemoteRelease,
} from '@agency/contracts';
import { endpointRoutes } from '../../platform/http/routes';
import type { AuthEnv } from '../../platform/http/guards/session';
import type { Db } from '../../platform/db';
import type { Env } from '../../platform/env';
import { jsonBody, MAX_JSON_BODY_BYTES, schemaBodyBytes, shownSize } from '../../platform/http/json-only';
import { tryAgainIn } from '../../platform/http/limit';
import type { RateLimiter } from '../../platform/http/rate-limit';
import type { Logger } from '../../platform/logger';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { AssetUrls } from './asset-urls';
import { deployTokenAuth } from '../../platform/http/guards/deploy-token-auth';
import type { ActionContext, Actor } from './database-state';
import { openRemoteStore, releaseStorage } from './release-storage';
import type { RemoteStore } from './remote-store';
import { releaseUploads, type UploadQuota } from './uploads';
import type { VersionManifest } from './version-files';
import { versionChecks } from './version-checks';

const DAY_MS = 24 * 3600 * 1000;

export interface ReleaseApiDeps {
  db: Db;
  env: Env;
  logger: Logger;
  remotes: ObjectStore;
  /** Server builds kept as local files for the render processes (areas/pages/remote-files.ts). */
  files: { serverBuild: (name: RemoteName, version: string, manifest: VersionManifest) => Promise<string | null> };
  assets: AssetUrls;
}

/** What is live and what runs as canary: every release answer says it. */
export async function releaseOf(store: RemoteStore, remote: RemoteName): Promise<RemoteRelease> {
  const entry = (await store.status())[remote];
  return {
    remote,
    live: entry?.current ?? null,
    canary: entry?.canary ? { version: entry.canary.version, percent: entry.canary.percent } : null,
  };
}

/** The store's refusals ("quoting has a canary running ...") as a 409 with its words; anything else is not ours to name. */
export async function refusedAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HTTPException || !(error instanceof Error)) throw error;
    const message = error.message.replace(/^./, (c) => c.toUpperCase());
    throw new HTTPException(409, { message: /[.!?]$/.test(message) ? message : `${message}.` });
  }
}

/**
 * The release API a pipeline calls with its deploy token (decision 0059): upload a version (only what the store
 * lacks), have it checked (decision 0060), make it live or a canary, promote, abort, roll back. Mounted ahead of the
 * session and CSRF middleware: it reads no cookie.
 */
export function releasePipelineApi(deps: ReleaseApiDeps, limiter: RateLimiter) {
  const { db, env, logger } = deps;
  const storage = releaseStorage(db, deps.remotes, 'token', {}, logger);
  const uploads = releaseUploads(deps.remotes, storage.files, logger);
  const auth = deployTokenAuth(db, limiter, env.trustedProxies);
  const checks = versionChecks({
    env,
    logger,
    remotes: deps.remotes,
    serverBuild: deps.files.serverBuild,
    assets: deps.assets,
  });

  /** A token's new versions a day (decision 0076): counted when a declaration is kept, never for a repeated one. */
  const quotaOf = (c: Context<AuthEnv>): UploadQuota => ({
    storedBytes: env.deployLimits.storedBytes,
    async admit() {
      const token = c.get('deployToken')!;
      const max = env.deployLimits.versionsPerDay;
      const verdict = await limiter.hit([`deploy-versions:${token.id}`, { max, windowMs: DAY_MS }]);
      if (verdict.allowed) return;
      throw new HTTPException(429, {
        res: Response.json(
          {
            message:
              `The deploy token "${token.label}" has uploaded ${max} new versions in the last day, the most one ` +
              `token may (DEPLOY_VERSIONS_PER_DAY). Please try again ${tryAgainIn(verdict.retryAfterSeconds)}.`,
          },
          { status: 429, headers: { 'Retry-After': String(verdict.retryAfterSeconds) } },
        ),
      });
    },
  });

  const storeFor = (c: Context<AuthEnv>, context: Omit<ActionContext, 'actorName'> = {}) =>
    openRemoteStore(db, deps.remotes, 'token' satisfies Actor, { actorName: c.get('deployToken')!.label, ...context });

  const json = (bytes: number) => [jsonBody(bytes, `Request body is larger than ${shownSize(bytes)}`)];
  const small = { beforeInput: json(MAX_JSON_BODY_BYTES) };

  const routes = endpointRoutes()
    .on(endpoints.releaseState, async (c) => c.json(await releaseOf(storeFor(c), c.req.valid('param').remote)))
    .on(endpoints.releaseUpload, { beforeInput: json(schemaBodyBytes(UploadDeclarationSchema)) }, async (c) => {
      const { remote } = c.req.valid('param');
      return c.json(await uploads.declare(remote, c.req.valid('json'), quotaOf(c)));
    })
    .on(
      endpoints.releaseUploadFile,
      {
        beforeInput: [
          bodyLimit({
            maxSize: UPLOAD_FILE_MAX_BYTES,
            onError: (c) => c.json({ message: `A file may be at most ${shownSize(UPLOAD_FILE_MAX_BYTES)}.` }, 413),
          }),
        ],
      },
      async (c) => {
        const { remote, version, sha256 } = c.req.valid('param');
        const bytes = Buffer.from(await c.req.arrayBuffer());
        await uploads.receive(remote, version, sha256, bytes);
        return c.body(null, 204);
      },
    )
    .on(endpoints.releaseSeal, small, async (c) => {
      const { remote, version } = c.req.valid('param');
      const { commit, message } = c.req.valid('json');
      const store = storeFor(c, { commit, message });
      const manifest = await storage.files.manifest(remote, version);
      await uploads.seal(remote, version);
      if (!manifest) {
        const sealed = (await storage.files.manifest(remote, version))!;
        const files = Object.values(sealed.files);
        await store.record({
          action: 'upload',
          remote,
          version,
          details: { files: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) },
        });
      }
      // Recorded as running before they start, so neither `live` nor `canary` can select it until they pass.
      const report = await store.check(remote, version, (name, v) => checks.run(name, v));
      return c.json({ ...(await releaseOf(store, remote)), version, report });
    })
    .on(endpoints.releaseLive, small, async (c) => {
      const { remote } = c.req.valid('param');
      const { version, commit, message } = c.req.valid('json');
      const store = storeFor(c, { commit, message });
      await refusedAs409(() => store.release(remote, version));
      return c.json(await releaseOf(store, remote));
    })
    .on(endpoints.releaseCanary, small, async (c) => {
      const { remote } = c.req.valid('param');
      const { version, percent, commit, message } = c.req.valid('json');
      const store = storeFor(c, { commit, message });
      await refusedAs409(() => store.release(remote, version, { canary: percent }));
      return c.json(await releaseOf(store, remote));
    })
    .on(endpoints.releasePromote, small, async (c) => {
      const { remote } = c.req.valid('param');
      const store = storeFor(c, c.req.valid('json'));
      await refusedAs409(() => store.promote(remote));
      return c.json(await releaseOf(store, remote));
    })
    .on(endpoints.releaseAbort, small, async (c) => {
      const { remote } = c.req.valid('param');
      const { reason, ...context } = c.req.valid('json');
      const store = storeFor(c, context);
      await refusedAs409(() => store.abort(remote, { reason }));
      return c.json(await releaseOf(store, remote));
    })
    .on(endpoints.releaseRollback, small, async (c) => {
      const { remote } = c.req.valid('param');
      const store = storeFor(c, c.req.valid('json'));
      await refusedAs409(() => store.rollback(remote));
      return c.json(await releaseOf(store, remote));
    });

  const app = routes.app;
  return { app, authenticate: auth.releaseRoutes, elsewhere: auth.elsewhere, close: () => checks.close() };
}
