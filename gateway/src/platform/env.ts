import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  BUSINESS,
  defaultPortalOrigin,
  defaultPublicConfig,
  REMOTE_NAMES,
  type PublicRuntimeConfig,
  type RemoteName,
} from '@agency/contracts';
import { gatewayRoot } from './db/paths';
import { holidayCalendar } from './calendar/nz-holidays';
import { unsupportedRuntime } from './runtime';
import { formatOf, WEBHOOK_FORMATS, type WebhookFormat } from './webhook/webhook-text';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DATA_DIR: z.string().default(path.join(gatewayRoot, 'data')),
  DATABASE_URL: optional(
    z.string().regex(/^(file|libsql|http|https|ws|wss):/, 'must be a libSQL URL (file:, libsql:, http(s):, ws(s):)'),
  ),
  DATABASE_AUTH_TOKEN: optional(z.string()),
  /** How long one call to a libSQL server may take before it fails as unavailable (decision 0086). */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3000),
  /** How long one call to the bucket may take (until the first byte of a read) before it fails as unavailable. */
  OBJECT_STORE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3000),
  /** After SIGTERM: how long /readyz answers 503 while requests are still served, before the listener closes. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** Set by pnpm to the folder a command was run from (`pnpm --filter` runs scripts in the package's own). */
  INIT_CWD: optional(z.string()),
  /**
   * Where traces go (decision 0088): an OTLP/HTTP collector's base URL, spans sent to `<url>/v1/traces`. Unset, no
   * trace is kept or sent.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  /** Headers for the collector (`api-key=...,other=...`, W3C baggage style as OpenTelemetry specifies): its secret. */
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const headers: Record<string, string> = {};
      for (const entry of text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const at = entry.indexOf('=');
        const name = at < 1 ? '' : entry.slice(0, at).trim();
        let value: string | undefined;
        try {
          value = decodeURIComponent(entry.slice(at + 1).trim());
        } catch {
          value = undefined;
        }
        // The value is the collector's secret: a message names the header only.
        if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || value === undefined) {
          ctx.addIssue({ code: 'custom', message: `an entry${name ? ` for '${name}'` : ''} is not name=value` });
          return z.NEVER;
        }
        headers[name] = value;
      }
      return headers;
    }),
  /** The service name the traces carry (several sites on one collector tell theirs apart by it). */
  OTEL_SERVICE_NAME: optional(z.string().regex(/^[\w.-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes or _')),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  SHELL_DIR: z.string().default(path.resolve(gatewayRoot, '../shell/dist')),
  REMOTES_DIR: optional(z.string()),
  REMOTE_MARKETING_URL: optional(z.url()),
  REMOTE_QUOTING_URL: optional(z.url()),
  REMOTE_ACCOUNT_URL: optional(z.url()),
  SERVER_RENDER: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  SERVER_RENDER_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  SERVER_RENDER_MAX_HEAP_MB: z.coerce.number().int().min(32).max(4096).default(256),
  // Where team code may run (decision 0073): only inside network and process namespaces, or, on a host that forbids
  // them, behind Node's permission model alone.
  TEAM_CODE_SANDBOX: z
    .enum(['namespaces', 'permission-model'], { error: "must be 'namespaces' or 'permission-model'" })
    .default('namespaces'),
  // A page's initial JavaScript (remote entry and the page's synchronous chunks, gzip) a release may reach, per remote
  // (decision 0060): the largest page of each remote on 2026-11-26 plus 10% (marketing 24.8, quoting 63.1 and account
  // 66.5 KiB then). Raised on 2026-11-27, when the operator's publish began to run the checks too, to the pages that
  // had grown past them, plus 10%: marketing's privacy request page (39.8 KiB), account's dashboard (86.4 KiB).
  RELEASE_JS_BUDGET_KB_MARKETING: z.coerce.number().int().min(1).max(10_000).default(44),
  RELEASE_JS_BUDGET_KB_QUOTING: z.coerce.number().int().min(1).max(10_000).default(70),
  RELEASE_JS_BUDGET_KB_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(95),
  // What one deploy token can make the gateway store (decision 0076): new versions a day, and a remote's stored
  // versions and open uploads together (a build is 2-6 MB: months of releases between two `remotes prune`).
  DEPLOY_VERSIONS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(50),
  DEPLOY_STORED_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  PUBLIC_ORIGIN: z.url().default(defaultPublicConfig.publicOrigin),
  /** Sign-in, the dashboard and personal data (decision 0077); unset, `portal.` before PUBLIC_ORIGIN's host. */
  PORTAL_ORIGIN: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  SUPPORT_EMAIL: z.email().default(defaultPublicConfig.supportEmail),
  SUPPORT_PHONE: z.string().min(5).max(40).default(defaultPublicConfig.supportPhone),
  BOOKING_URL: z.url().default(defaultPublicConfig.bookingUrl),
  CHATBOT_EMBED_URL: optional(z.url()),
  CHATBOT_SCRIPT_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  ANALYTICS_ID: optional(z.string().max(64)),
  PIXEL_ID: optional(z.string().max(64)),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string().max(200)),
  NOTIFY_EMAIL: optional(z.email()),
  LEAD_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  LEAD_WEBHOOK_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  /** How the receiver reads a notice's text; unset, Teams' hosts get `teams` and every other `slack` (decision 0082). */
  LEAD_WEBHOOK_FORMAT: optional(z.enum(WEBHOOK_FORMATS, { error: `must be one of ${WEBHOOK_FORMATS.join(', ')}` })),
  // The outbox's retries (decision 0087): the first after this many seconds, each next one twice as long up to the
  // maximum, and a message is dead (shown to staff) after the last try; due messages are looked for every poll.
  OUTBOX_FIRST_RETRY_SECONDS: z.coerce.number().min(0.01).max(86_400).default(30),
  OUTBOX_MAX_RETRY_SECONDS: z.coerce
    .number()
    .min(0.01)
    .max(7 * 86_400)
    .default(6 * 3600),
  OUTBOX_MAX_TRIES: z.coerce.number().int().min(1).max(100).default(8),
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.01).max(3600).default(10),
  /** Dates added to (or, prefixed with `-`, removed from) the built-in NZ holiday list. */
  BUSINESS_HOLIDAYS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const add: string[] = [];
      const remove: string[] = [];
      for (const entry of text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const date = entry.replace(/^[+-]/, '');
        const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
        if (!valid) {
          ctx.addIssue({
            code: 'custom',
            message: `'${entry}' is not a date YYYY-MM-DD (or -YYYY-MM-DD to remove one)`,
          });
          return z.NEVER;
        }
        (entry.startsWith('-') ? remove : add).push(date);
      }
      return { add, remove };
    }),
  REAL_TALK_AUDIO_URL: optional(
    z.string().regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a path starting with /'),
  ),
  EXPLAINER_VIDEO_URL: optional(
    z.string().regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a path starting with /'),
  ),
  ABOUT_VIDEO_URL: optional(z.string().regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a path starting with /')),
  WEBSITE_CALCULATOR_VIDEO_URL: optional(
    z.string().regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a path starting with /'),
  ),
  RUM_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(defaultPublicConfig.rumSampleRate),
  CANARY_MIN_PAGE_LOADS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  CANARY_ERROR_MARGIN: z.coerce.number().min(0).max(1).default(0.02),
  CANARY_MIN_FAILING_ADDRESSES: z.coerce.number().int().min(1).max(1_000_000).default(25),
  CANARY_MIN_RENDER_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(3),
  RUM_PAGE_LOADS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(3),
  RUM_TOKEN_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  MEDIA_DIR: optional(z.string()),
  FILES_DIR: optional(z.string()),
  CONTENT_IMAGES_DIR: optional(z.string()),
  OBJECT_STORE_URL: optional(
    z
      .string()
      .regex(
        /^(file:.+|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/,
        'must be file:<folder> or s3://<bucket>/<prefix> (a bucket name of 3-63 lower-case letters, digits, dots and hyphens)',
      ),
  ),
  ASSET_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  OBJECT_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  // The AWS SDK's own variables, read here so that nothing else reads the environment (the SDK's default chain
  // still finds credentials from a profile or an instance role when these are unset).
  AWS_ENDPOINT_URL_S3: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  AWS_ENDPOINT_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  AWS_REGION: optional(z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1 or auto')),
  AWS_DEFAULT_REGION: optional(z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1')),
  AWS_ACCESS_KEY_ID: optional(z.string().min(1)),
  AWS_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  AWS_SESSION_TOKEN: optional(z.string().min(1)),
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform(
      (text) =>
        new Set(
          text
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
    ),
  /**
   * The agency's own Google OAuth client (decision 0093): with it staff connect a client's GA4 property and Search
   * Console site. The three are set together; GOOGLE_TOKEN_KEY (32 bytes, base64) seals the refresh tokens, so the
   * database alone never holds a usable grant.
   */
  GOOGLE_CLIENT_ID: optional(z.string().min(1).max(200)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1).max(200)),
  GOOGLE_TOKEN_KEY: optional(
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)'),
  ),
  /** Google's endpoints, replaced by a stand-in's in tests (the defaults are Google's documented base URLs). */
  GOOGLE_AUTH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_ANALYTICS_ADMIN_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://analyticsadmin.googleapis.com'),
  GOOGLE_ANALYTICS_DATA_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://analyticsdata.googleapis.com'),
  GOOGLE_SEARCH_CONSOLE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://www.googleapis.com'),
  /**
   * Server-side conversions (decision 0095): Meta's Conversions API needs the pixel's id and a token made for it in
   * Events Manager; GA4's Measurement Protocol the web stream's measurement id and an API secret. A platform without
   * both is off: nothing is queued for it.
   */
  META_PIXEL_ID: optional(z.string().regex(/^\d{5,20}$/, 'must be the pixel id (digits)')),
  META_CAPI_TOKEN: optional(z.string().min(20).max(500)),
  META_TEST_EVENT_CODE: optional(
    z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be the test code Events Manager shows'),
  ),
  META_CAPI_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://graph.facebook.com'),
  GA4_MEASUREMENT_ID: optional(z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'must look like G-XXXXXXX')),
  GA4_API_SECRET: optional(z.string().min(8).max(200)),
  GA4_MP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://www.google-analytics.com'),
  /** `1`: every GA4 send is also checked with the validation server (else only each process's first). */
  GA4_VALIDATE: z
    .enum(['0', '1', ''])
    .default('')
    .transform((v) => v === '1'),
  DISCOUNT_CODES: z
    .string()
    .default('NEWCLIENT10:10,SUMMER15:15,REFERRAL20:20,LOYAL25:25')
    .transform((text, ctx) => {
      const codes = new Map<string, number>();
      for (const entry of text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [code, percent] = entry.split(':');
        const p = Number(percent);
        if (!code || !/^[A-Za-z0-9_-]{1,40}$/.test(code) || !Number.isInteger(p) || p < 1 || p > 100) {
          ctx.addIssue({ code: 'custom', message: `'${entry}' is not CODE:PERCENT (1-100)` });
          return z.NEVER;
        }
        codes.set(code.toUpperCase(), p);
      }
      return codes;
    }),
});

/** Two chat launchers on one page would compete for the same corner and the visitor's attention. */
const CheckedEnvSchema = EnvSchema.refine((e) => !(e.CHATBOT_EMBED_URL && e.CHATBOT_SCRIPT_URL), {
  path: ['CHATBOT_SCRIPT_URL'],
  message: 'set CHATBOT_EMBED_URL or CHATBOT_SCRIPT_URL, not both',
})
  .refine((e) => !e.LEAD_WEBHOOK_URL || e.LEAD_WEBHOOK_SECRET, {
    path: ['LEAD_WEBHOOK_SECRET'],
    message: 'set LEAD_WEBHOOK_SECRET with LEAD_WEBHOOK_URL (the receiver checks the signature with it)',
  })
  .refine((e) => !e.GOOGLE_CLIENT_ID === !e.GOOGLE_CLIENT_SECRET && !e.GOOGLE_CLIENT_ID === !e.GOOGLE_TOKEN_KEY, {
    path: ['GOOGLE_TOKEN_KEY'],
    message: 'set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_TOKEN_KEY together',
  })
  .refine((e) => !e.META_PIXEL_ID === !e.META_CAPI_TOKEN, {
    path: ['META_CAPI_TOKEN'],
    message: 'set META_PIXEL_ID and META_CAPI_TOKEN together',
  })
  .refine((e) => !e.GA4_MEASUREMENT_ID === !e.GA4_API_SECRET, {
    path: ['GA4_API_SECRET'],
    message: 'set GA4_MEASUREMENT_ID and GA4_API_SECRET together',
  })
  .refine((e) => !e.AWS_ACCESS_KEY_ID === !e.AWS_SECRET_ACCESS_KEY, {
    path: ['AWS_SECRET_ACCESS_KEY'],
    message: 'set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY together',
  })
  // The portal's own origin is what keeps sessions away from team code: it must be another host than the public one.
  .refine((e) => e.PORTAL_ORIGIN || !isIpHost(e.PUBLIC_ORIGIN), {
    path: ['PORTAL_ORIGIN'],
    message: "set it: PUBLIC_ORIGIN's host is an IP address, and there is no `portal.` name beside one",
  })
  .refine((e) => !e.PORTAL_ORIGIN || new URL(e.PORTAL_ORIGIN).hostname !== new URL(e.PUBLIC_ORIGIN).hostname, {
    path: ['PORTAL_ORIGIN'],
    message:
      'must have another host name than PUBLIC_ORIGIN: the portal keeps sessions apart from the public site, and cookies do not tell ports apart',
  });

/** An IPv4 or IPv6 address rather than a name (URL keeps IPv6 hosts in brackets). */
function isIpHost(url: string): boolean {
  const host = new URL(url).hostname;
  return host.startsWith('[') || /^[\d.]+$/.test(host);
}

/**
 * Where remote builds, content images and client files are kept (platform/storage/stores.ts, decision 0057): folders on this
 * machine, or one S3-compatible bucket that several gateways share.
 */
export type ObjectStoreConfig =
  | { kind: 'file'; remotesDir: string; contentImagesDir: string; filesDir: string }
  | {
      kind: 's3';
      bucket: string;
      /** '' or ending in `/`. */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
      /** One call's deadline (OBJECT_STORE_TIMEOUT_MS). */
      timeoutMs: number;
    };

/** `file:/srv/files`, `file:relative/folder`, `file:///srv/files` -> an absolute folder. */
const folderOfUrl = (url: string) =>
  path.resolve(url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length));

/** The S3 service every bucket is reached on (the AWS SDK's own variables): the site's, and a backup's. */
export type S3Service = Omit<Extract<ObjectStoreConfig, { kind: 's3' }>, 'kind' | 'bucket' | 'prefix'>;

function s3Service(e: z.infer<typeof EnvSchema>): S3Service {
  return {
    endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL,
    region: e.AWS_REGION ?? e.AWS_DEFAULT_REGION ?? 'us-east-1',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
    timeoutMs: e.OBJECT_STORE_TIMEOUT_MS,
  };
}

function objectStoreConfig(e: z.infer<typeof EnvSchema>, dataDir: string): ObjectStoreConfig {
  const url = e.OBJECT_STORE_URL ?? `file:${dataDir}`;
  if (url.startsWith('file:')) {
    const root = folderOfUrl(url);
    return {
      kind: 'file',
      remotesDir: path.resolve(e.REMOTES_DIR ?? path.join(root, 'remotes')),
      contentImagesDir: path.resolve(e.CONTENT_IMAGES_DIR ?? path.join(root, 'content-images')),
      filesDir: path.resolve(e.FILES_DIR ?? path.join(root, 'files')),
    };
  }
  const [bucket = '', ...rest] = url.slice('s3://'.length).split('/');
  const prefix = rest.filter(Boolean).join('/');
  return { kind: 's3', bucket, prefix: prefix ? `${prefix}/` : '', ...s3Service(e) };
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** AES-256-GCM key sealing refresh tokens at rest. */
  tokenKey: Buffer;
  redirectUri: string;
  urls: {
    auth: string;
    token: string;
    revoke: string;
    analyticsAdmin: string;
    analyticsData: string;
    searchConsole: string;
  };
}

/** Where server-side conversions go (decision 0095); a platform left out is not configured. */
export interface AdPlatformsConfig {
  meta?: { pixelId: string; token: string; testEventCode: string | undefined; url: string };
  ga4?: { measurementId: string; apiSecret: string; url: string; validateEvery: boolean };
}

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  dataDir: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** One database call's deadline on a libSQL server (a file database answers in-process). */
  databaseTimeoutMs: number;
  /** After SIGTERM, how long readiness answers 503 before the listener closes (a load balancer's time to notice). */
  shutdownDrainMs: number;
  /** Where the command was run from: relative paths a person types are resolved from here. */
  invokedFrom: string;
  metricsToken: string | undefined;
  /** Traces exported over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT); undefined: tracing off, nothing sent. */
  tracing: { endpoint: string; serviceName: string; headers: Record<string, string> } | undefined;
  shellDir: string;
  /** The release state's folder (pointer-state.json), and the remote builds' too with a folder store. */
  remotesDir: string;
  /** Where remote builds, content images and client files are kept (OBJECT_STORE_URL). */
  objectStore: ObjectStoreConfig;
  /** The S3 service buckets are reached on (AWS_*), whether or not the site's store is one: backups use it too. */
  s3: S3Service;
  /**
   * Where browsers load remote builds from instead of this gateway's /mfe/ (a CDN or a public bucket): the URL
   * under which `<remote>/<version>/<file>` is found, without a trailing slash.
   */
  assetBaseUrl: string | undefined;
  /** Bytes of remote build files and content images kept in memory, so hot ones are not fetched per request. */
  objectCacheBytes: number;
  /** Server builds fetched from a bucket, one folder per version, sent to the render processes from here. */
  serverBuildCacheDir: string;
  /** Per-remote manifest URL overrides (a CDN, or a dev server); unset remotes are served by this gateway. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  /** Render public pages on the server (decision 0013); off, every page renders in the browser. */
  serverRender: boolean;
  /** A server render still running after this long is stopped and the page renders in the browser (decision 0022). */
  serverRenderDeadlineMs: number;
  /** The heap limit of each server-render process. */
  serverRenderMaxHeapMb: number;
  /** Whether team code needs namespaces to run, or may run behind Node's permission model alone (decision 0073). */
  teamCodeSandbox: 'namespaces' | 'permission-model';
  /** Each remote's initial-JavaScript budget per page, gzip KiB (areas/releases/preflight.ts). */
  releaseJsBudgetsKb: Record<RemoteName, number>;
  /** What a deploy token may make the gateway store (areas/releases/uploads.ts, decision 0076). */
  deployLimits: { versionsPerDay: number; storedBytes: number };
  /** The public site's config (embedded in its pages); `portalOrigin` in it is the portal's (decision 0077). */
  publicConfig: PublicRuntimeConfig;
  mail: { smtpUrl: string | undefined; from: string; notifyTo: string };
  /** Where new leads and reminders are POSTed (signed with the secret); unset, only e-mail is sent. */
  leadWebhook: { url: string; secret: string; format: WebhookFormat } | undefined;
  outbox: { retry: { firstDelayMs: number; maxDelayMs: number; maxAttempts: number }; pollMs: number };
  /** Google data for client reports (decision 0093); undefined when the agency's OAuth client is not configured. */
  google: GoogleConfig | undefined;
  /** Server-side conversions' platforms (META_*, GA4_*; decision 0095). */
  adPlatforms: AdPlatformsConfig;
  /** The NZ public holidays the follow-up clock skips (built-in list with BUSINESS_HOLIDAYS applied). */
  holidays: ReadonlySet<string>;
  /** Upper-cased code -> percentage; server configuration, never shipped to browsers. */
  discountCodes: ReadonlyMap<string, number>;
  /** Where the opt-in e-mail sends the visitor to listen (the thank-you page, which plays the audio). */
  listenPageUrl: string;
  /** The operator's Real Talk audio (REAL_TALK_AUDIO_URL); unset, the one staff uploaded is played (decision 0064). */
  realTalkAudioUrl: string | undefined;
  /** Peers whose X-Forwarded-For is believed when rate limiting by client address. */
  trustedProxies: ReadonlySet<string>;
  /** Client files (uploads, kept in the object store's `files` area under server-generated ids): their size cap. */
  files: { maxBytes: number };
  /** Files the agency supplies (the Real Talk audio), served at /media/. */
  mediaDir: string;
  /**
   * When the gateway aborts a canary by itself (decisions 0041 and 0046): once the canary has `minPageLoads` counted
   * page loads, failures from `minFailingAddresses` client addresses and an error rate worse than the live version's
   * by more than `errorMargin` (a fraction: 0.02 is two percentage points); or once `minRenderFailures` of its server
   * renders failed again on retry and its share of failed renders is worse than the live version's by the margin.
   * At most `pageLoadsPerAddress` page loads per client address and hour count.
   */
  canaryRule: {
    minPageLoads: number;
    errorMargin: number;
    minFailingAddresses: number;
    pageLoadsPerAddress: number;
    minRenderFailures: number;
  };
  /** Signs page-load tokens; unset, a random key kept in the database is shared by every gateway using it. */
  rumTokenKey: string | undefined;
}

export class ConfigError extends Error {}

/**
 * The only place the process environment is read. Invalid configuration is reported field by field and
 * stops start-up, rather than failing later on the first request that needs it.
 */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const runtime = unsupportedRuntime();
  if (runtime) throw new ConfigError(runtime);
  const parsed = CheckedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const objectStore = objectStoreConfig(e, dataDir);
  const publicOrigin = e.PUBLIC_ORIGIN.replace(/\/$/, '');
  const portalOrigin = e.PORTAL_ORIGIN ? new URL(e.PORTAL_ORIGIN).origin : defaultPortalOrigin(publicOrigin);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `file:${path.join(dataDir, 'agency.db')}`,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    invokedFrom: path.resolve(e.INIT_CWD ?? '.'),
    metricsToken: e.METRICS_TOKEN,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: e.OTEL_SERVICE_NAME ?? 'agency-gateway',
          headers: e.OTEL_EXPORTER_OTLP_HEADERS,
        }
      : undefined,
    shellDir: path.resolve(e.SHELL_DIR),
    remotesDir:
      objectStore.kind === 'file'
        ? objectStore.remotesDir
        : path.resolve(e.REMOTES_DIR ?? path.join(dataDir, 'remotes')),
    objectStore,
    s3: s3Service(e),
    assetBaseUrl: e.ASSET_BASE_URL?.replace(/\/+$/, ''),
    objectCacheBytes: e.OBJECT_CACHE_MB * 1024 * 1024,
    serverBuildCacheDir: path.join(dataDir, 'cache', 'server-builds'),
    remoteUrls: Object.fromEntries(
      REMOTE_NAMES.flatMap((name) => {
        const url = e[`REMOTE_${name.toUpperCase()}_URL` as 'REMOTE_MARKETING_URL'];
        return url ? [[name, url]] : [];
      }),
    ),
    serverRender: e.SERVER_RENDER === 'on',
    serverRenderDeadlineMs: e.SERVER_RENDER_DEADLINE_MS,
    serverRenderMaxHeapMb: e.SERVER_RENDER_MAX_HEAP_MB,
    teamCodeSandbox: e.TEAM_CODE_SANDBOX,
    releaseJsBudgetsKb: {
      marketing: e.RELEASE_JS_BUDGET_KB_MARKETING,
      quoting: e.RELEASE_JS_BUDGET_KB_QUOTING,
      account: e.RELEASE_JS_BUDGET_KB_ACCOUNT,
    },
    deployLimits: { versionsPerDay: e.DEPLOY_VERSIONS_PER_DAY, storedBytes: e.DEPLOY_STORED_MB * 1024 * 1024 },
    publicConfig: {
      publicOrigin,
      portalOrigin,
      site: 'public',
      supportEmail: e.SUPPORT_EMAIL,
      supportPhone: e.SUPPORT_PHONE,
      bookingUrl: e.BOOKING_URL,
      chatbotEmbedUrl: e.CHATBOT_EMBED_URL,
      chatbotScriptUrl: e.CHATBOT_SCRIPT_URL,
      analyticsId: e.ANALYTICS_ID,
      pixelId: e.PIXEL_ID,
      audioUrl: e.REAL_TALK_AUDIO_URL,
      explainerVideoUrl: e.EXPLAINER_VIDEO_URL,
      aboutVideoUrl: e.ABOUT_VIDEO_URL,
      websiteCalculatorVideoUrl: e.WEBSITE_CALCULATOR_VIDEO_URL,
      rumSampleRate: e.RUM_SAMPLE_RATE,
    },
    canaryRule: {
      minPageLoads: e.CANARY_MIN_PAGE_LOADS,
      errorMargin: e.CANARY_ERROR_MARGIN,
      minFailingAddresses: e.CANARY_MIN_FAILING_ADDRESSES,
      pageLoadsPerAddress: e.RUM_PAGE_LOADS_PER_ADDRESS,
      minRenderFailures: e.CANARY_MIN_RENDER_FAILURES,
    },
    rumTokenKey: e.RUM_TOKEN_KEY,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${BUSINESS.name} <${e.SUPPORT_EMAIL}>`,
      notifyTo: e.NOTIFY_EMAIL ?? e.SUPPORT_EMAIL,
    },
    leadWebhook:
      e.LEAD_WEBHOOK_URL && e.LEAD_WEBHOOK_SECRET
        ? {
            url: e.LEAD_WEBHOOK_URL,
            secret: e.LEAD_WEBHOOK_SECRET,
            format: e.LEAD_WEBHOOK_FORMAT ?? formatOf(e.LEAD_WEBHOOK_URL),
          }
        : undefined,
    outbox: {
      retry: {
        firstDelayMs: e.OUTBOX_FIRST_RETRY_SECONDS * 1000,
        maxDelayMs: Math.max(e.OUTBOX_MAX_RETRY_SECONDS, e.OUTBOX_FIRST_RETRY_SECONDS) * 1000,
        maxAttempts: e.OUTBOX_MAX_TRIES,
      },
      pollMs: e.OUTBOX_POLL_SECONDS * 1000,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET && e.GOOGLE_TOKEN_KEY
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            tokenKey: Buffer.from(e.GOOGLE_TOKEN_KEY, 'base64'),
            // Google sends the staff member back to the dashboard on the portal's origin, where their session lives; the
            // page hands the code and state to the API (decision 0093).
            redirectUri: `${portalOrigin}/dashboard`,
            urls: {
              auth: e.GOOGLE_AUTH_URL,
              token: e.GOOGLE_TOKEN_URL,
              revoke: e.GOOGLE_REVOKE_URL,
              analyticsAdmin: e.GOOGLE_ANALYTICS_ADMIN_URL.replace(/\/+$/, ''),
              analyticsData: e.GOOGLE_ANALYTICS_DATA_URL.replace(/\/+$/, ''),
              searchConsole: e.GOOGLE_SEARCH_CONSOLE_URL.replace(/\/+$/, ''),
            },
          }
        : undefined,
    adPlatforms: {
      meta:
        e.META_PIXEL_ID && e.META_CAPI_TOKEN
          ? {
              pixelId: e.META_PIXEL_ID,
              token: e.META_CAPI_TOKEN,
              testEventCode: e.META_TEST_EVENT_CODE,
              url: e.META_CAPI_URL.replace(/\/+$/, ''),
            }
          : undefined,
      ga4:
        e.GA4_MEASUREMENT_ID && e.GA4_API_SECRET
          ? {
              measurementId: e.GA4_MEASUREMENT_ID,
              apiSecret: e.GA4_API_SECRET,
              url: e.GA4_MP_URL.replace(/\/+$/, ''),
              validateEvery: e.GA4_VALIDATE,
            }
          : undefined,
    },
    holidays: holidayCalendar(e.BUSINESS_HOLIDAYS),
    discountCodes: e.DISCOUNT_CODES,
    listenPageUrl: `${publicOrigin}/real-talk-thank-you`,
    realTalkAudioUrl: e.REAL_TALK_AUDIO_URL,
    trustedProxies: e.TRUSTED_PROXIES,
    files: { maxBytes: e.FILE_MAX_BYTES },
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
  };
}
