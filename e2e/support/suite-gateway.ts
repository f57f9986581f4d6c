import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { request, type APIRequestContext, type BrowserContextOptions } from '@playwright/test';
import { gatewayCli, startGateway, type RunningGateway } from '@agency/gateway/testing';
import { startGoogleStandIn, type GoogleStandIn } from '@agency/gateway/testing-google';
import { startAdPlatformsStandIn, type AdPlatformsStandIn } from '@agency/gateway/testing-ad-platforms';
import { createClient, type InValue } from '@libsql/client';
import './loopback-names';
import { SAMPLE_CASE_STUDY } from './sample-paths';
import { testToneWav } from './test-tone';
import { appKeys, nextCode } from './totp';

const run = promisify(execFile);

export const TEST_AUDIO_PATH = '/media/test-tone.wav';
/** The demo accounts `seed-demo` creates, and their password. */
export const DEMO_PASSWORD = 'Demo#Portal2026';
export type DemoAccount = 'demo-client' | 'demo-admin';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * Makes a gateway's demo accounts (`seed-demo`) and gives back the demo admin's authenticator-app key, which every
 * gateway's seed prints for it (decision 0061).
 */
export async function seedDemo(gateway: RunningGateway): Promise<string> {
  const { stdout } = await run(process.execPath, [gatewayCli('seed-demo')], {
    env: { ...gateway.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  });
  const key = /demo-admin's authenticator-app key \(TOTP[^)]*\): ([A-Z2-7]+)/.exec(stdout)?.[1];
  if (!key) throw new Error(`seed-demo did not print the demo admin's key:\n${stdout}`);
  return key;
}

/** Signs the demo admin in through the API, password then the app's next code, into `context`'s cookies. */
export async function signInDemoAdmin(context: APIRequestContext, gatewayUrl: string, key: string) {
  const login = await context.post(`${gatewayUrl}/api/login`, {
    data: { username: 'demo-admin', password: DEMO_PASSWORD },
  });
  if (!login.ok()) throw new Error(`signing demo-admin in answered ${login.status()}: ${await login.text()}`);
  const proved = await context.post(`${gatewayUrl}/api/auth/second-factor`, { data: { code: await nextCode(key) } });
  if (!proved.ok())
    throw new Error(`the demo admin's second factor answered ${proved.status()}: ${await proved.text()}`);
}

/** A worker's own gateway and database, as the tests of that worker see it (decision 0091). */
export interface SuiteGateway {
  /** The public site's origin (every test's `baseURL`). */
  url: string;
  /**
   * The portal's origin (decision 0077): sign-in, the dashboard and every API call that takes a session. A test's
   * own calls there (`page.request`, which shares the page's cookies) name it: `${suite.portalUrl}/api/...`.
   */
  portalUrl: string;
  dataDir: string;
  /** The worker's stand-in for Google (decision 0093): its gateway's GOOGLE_* variables point at it. */
  google: GoogleStandIn;
  /**
   * The worker's stand-in for Meta's Conversions API and GA4's Measurement Protocol (decision 0095): its gateway's
   * META_* and GA4_* variables point at it. `requests` is every request it received (body, raw text, query, status);
   * `outage(n)` answers 503 to the next n; `clear()` forgets them. The gateway sends on its `conversions` job,
   * every 30 seconds, so a test polls `requests` (expect.poll) rather than reading it once.
   */
  adPlatforms: AdPlatformsStandIn;
  /** Reads or writes this gateway's libSQL file, so a test checks what was really stored, not what a page claimed. */
  query<T = Record<string, unknown>>(sql: string, args?: InValue[]): Promise<T[]>;
  /** Runs one of the gateway's built CLIs (create-admin, ...) against this gateway's data. */
  cli(name: string, env?: Record<string, string>): Promise<unknown>;
  /**
   * The cookies of a session of a demo account, signed in once per worker through the API: for tests that need
   * someone signed in but do not test signing in (accounts, keyboard and sign-in-lockout do, through the form). They
   * are the portal's: host-only cookies of `portal.localhost`.
   */
  sessionOf(account: DemoAccount): Promise<StorageState>;
  /**
   * The same session, with a second factor proved within the last ten minutes: sensitive staff actions ask for one
   * from the last 15 (decision 0061), and a worker runs longer than that.
   */
  freshSessionOf(account: DemoAccount): Promise<StorageState>;
  stop(): Promise<void>;
}

/**
 * Starts the gateway the tests of one worker share, with what every such test may count on: the test tone the
 * opt-in's audio plays, one active case study (so every route of the route table has a page to visit,
 * support/sample-paths.ts), and the demo client and admin with their reports and files.
 */
export async function startSuiteGateway(): Promise<SuiteGateway> {
  const google = await startGoogleStandIn();
  const adPlatforms = await startAdPlatformsStandIn();
  const gateway: RunningGateway = await startGateway({
    REAL_TALK_AUDIO_URL: TEST_AUDIO_PATH,
    ...google.env,
    ...adPlatforms.env,
  }).catch(async (error: unknown) => {
    await google.stop();
    await adPlatforms.stop();
    throw error;
  });
  const database = createClient({ url: `file:${path.join(gateway.dataDir, 'agency.db')}` });
  const cli = (name: string, env: Record<string, string> = {}) =>
    run(process.execPath, [gatewayCli(name)], {
      env: { ...gateway.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
  const sessions = new Map<DemoAccount, Promise<StorageState>>();
  const provedAt = new Map<DemoAccount, number>();
  /** The second step of the demo admin (its app's key is what seed-demo printed), for a sign-in or a step-up. */
  const proveSecondFactor = async (context: Awaited<ReturnType<typeof request.newContext>>, username: DemoAccount) => {
    const key = appKeys.get(username);
    if (!key) throw new Error(`seed-demo printed no authenticator-app key for ${username}`);
    const res = await context.post('/api/auth/second-factor', { data: { code: await nextCode(key) } });
    if (!res.ok()) throw new Error(`the second factor of ${username} answered ${res.status()}: ${await res.text()}`);
    provedAt.set(username, Date.now());
  };
  const signIn = async (username: DemoAccount) => {
    const context = await request.newContext({ baseURL: gateway.portalUrl });
    try {
      const res = await context.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
      if (!res.ok()) throw new Error(`signing ${username} in answered ${res.status()}: ${await res.text()}`);
      if ('secondFactor' in ((await res.json()) as object)) await proveSecondFactor(context, username);
      return await context.storageState();
    } finally {
      await context.dispose();
    }
  };
  const sessionOf = (account: DemoAccount) => {
    if (!sessions.has(account)) sessions.set(account, signIn(account));
    return sessions.get(account)!;
  };

  try {
    // The gateway writes too (sessions, renders of posts met on the site): a write of ours waits for its lock.
    await database.execute('PRAGMA busy_timeout = 10000');
    await mkdir(path.join(gateway.dataDir, 'media'), { recursive: true });
    await writeFile(path.join(gateway.dataDir, TEST_AUDIO_PATH.slice(1)), testToneWav());
    await database.execute({
      sql: 'INSERT INTO case_studies (title, slug, category, scenario, challenges, sortOrder, isActive) VALUES (?, ?, ?, ?, ?, 0, 1)',
      args: [
        SAMPLE_CASE_STUDY.title,
        SAMPLE_CASE_STUDY.slug,
        'Hospitality',
        SAMPLE_CASE_STUDY.scenario,
        '["Few local searches"]',
      ],
    });
    appKeys.set('demo-admin', await seedDemo(gateway));
  } catch (err) {
    database.close();
    await gateway.stop();
    await google.stop();
    await adPlatforms.stop();
    throw err;
  }

  return {
    url: gateway.url,
    portalUrl: gateway.portalUrl,
    dataDir: gateway.dataDir,
    google,
    adPlatforms,
    // The gateway keeps the file in WAL mode, so reading beside it is safe, and a write waits for its turn.
    query: async <T>(sql: string, args: InValue[] = []) =>
      (await database.execute({ sql, args })).rows as unknown as T[],
    cli,
    sessionOf,
    freshSessionOf: async (account) => {
      const state = await sessionOf(account);
      if (account === 'demo-admin' && Date.now() - (provedAt.get(account) ?? 0) > 10 * 60_000) {
        const context = await request.newContext({ baseURL: gateway.portalUrl, storageState: state });
        try {
          await proveSecondFactor(context, account);
        } finally {
          await context.dispose();
        }
      }
      return state;
    },
    stop: async () => {
      database.close();
      await gateway.stop();
      await google.stop();
      await adPlatforms.stop();
    },
  };
}
