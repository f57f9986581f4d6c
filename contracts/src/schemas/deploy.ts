import { z } from 'zod';
import { plainText } from '../plain-text';
import { siteOfRemote } from '../sites';
import { RemoteNameSchema } from './remote-pointer';

// Deploy tokens and the release API a pipeline calls (decision 0059), and the release history the Releases tab
// shows. The pipeline's own client (contracts/deploy/deploy-remote.mjs) runs without this package's dependencies,
// so it checks nothing itself: the gateway does, with these.

/** Files in one uploaded version at most, and each file's size at most (a remote's build is ~100 files of < 1 MB). */
export const UPLOAD_FILES_MAX = 2000;
export const UPLOAD_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** A version's files together at most. */
export const UPLOAD_TOTAL_MAX_BYTES = 200 * 1024 * 1024;

// A length as well as the pattern: the declaration's body limit is derived from the lengths (a field of no length
// limit left it at the API's 64 KiB, about 150 files, against the 2,000 documented).
const Sha256 = z
  .string()
  .length(64, 'must be a SHA-256 in lower-case hex')
  .regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lower-case hex');
/** A path inside a build: `/`-separated, no `.`/`..` segment, no leading slash, no backslash. */
export const BuildPathSchema = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[\w@.+~-]+(\/[\w@.+~-]+)*$/, 'must be a relative path of letters, digits and . _ - @ + ~')
  .refine((p) => !p.split('/').some((s) => s === '.' || s === '..'), 'must not contain . or .. segments');
export const VersionNameSchema = z
  .string()
  .regex(/^[\w.-]{1,100}$/, 'must be a version name')
  .refine((v) => v !== '.' && v !== '..', 'must be a version name');

/**
 * Words from a pipeline or a person, as they are stored and shown (decision 0074): at most `max` characters, made
 * plain (no terminal escapes, control, bidirectional or invisible characters; one line). `required` refuses text with
 * nothing left.
 */
const plain = (max: number, required?: string) => {
  const text = z
    .string()
    .max(max)
    .transform((raw) => plainText(raw, max));
  return required ? text.pipe(z.string().min(1, required)) : text;
};

/** Optional provenance a pipeline sends: the commit built and a message (a pull request's title, say). */
const Provenance = {
  commit: plain(80)
    .transform((s) => s || undefined)
    .optional(),
  message: plain(500)
    .transform((s) => s || undefined)
    .optional(),
};

/** `POST /api/releases/:remote/uploads`: the files of a build, by path, size and SHA-256. */
export const UploadDeclarationSchema = z.object({
  /** The build's own version (`mf-manifest.json`'s buildVersion); the stored version is named from it and the files. */
  buildVersion: z
    .string()
    .max(40)
    .regex(/^[\w.+-]*$/, 'must be letters, digits and . _ + -'),
  files: z
    .array(
      z.object({ path: BuildPathSchema, size: z.number().int().min(0).max(UPLOAD_FILE_MAX_BYTES), sha256: Sha256 }),
    )
    .min(1)
    .max(UPLOAD_FILES_MAX)
    .refine((files) => new Set(files.map((f) => f.path)).size === files.length, 'must not name a path twice')
    .refine((files) => files.some((f) => f.path === 'mf-manifest.json'), 'must include mf-manifest.json')
    .refine(
      (files) => files.reduce((sum, f) => sum + f.size, 0) <= UPLOAD_TOTAL_MAX_BYTES,
      `must be at most ${UPLOAD_TOTAL_MAX_BYTES / 1024 / 1024} MB together`,
    ),
  ...Provenance,
});
export type UploadDeclaration = z.infer<typeof UploadDeclarationSchema>;

export const UploadPlanSchema = z.object({
  version: z.string(),
  /** The SHA-256 of each file the gateway still needs; the others it already holds. */
  missing: z.array(z.string()),
  /** Stored whole already (sealed): nothing to send. */
  complete: z.boolean(),
});

export const PreflightCheckSchema = z.object({
  name: z.enum(['manifest', 'files', 'pages', 'entry', 'shared', 'render', 'budget']),
  passed: z.boolean(),
  /** A sentence: what was checked, or why it failed. */
  detail: z.string(),
});
export const PreflightReportSchema = z.object({
  passed: z.boolean(),
  checks: z.array(PreflightCheckSchema),
});
export type PreflightReport = z.infer<typeof PreflightReportSchema>;

/** What is live and what runs as canary: every release API answer says it. */
export const RemoteReleaseSchema = z.object({
  remote: RemoteNameSchema,
  live: z.string().nullable(),
  canary: z.object({ version: z.string(), percent: z.number().int() }).nullable(),
});
export type RemoteRelease = z.infer<typeof RemoteReleaseSchema>;

export const SealAnswerSchema = RemoteReleaseSchema.extend({
  version: z.string(),
  report: PreflightReportSchema,
});

export const ReleaseTargetSchema = z.object({ version: VersionNameSchema, ...Provenance });
export const CanaryStartSchema = ReleaseTargetSchema.extend({ percent: z.number().int().min(1).max(99) });
export const AbortBodySchema = z.object({
  reason: plain(500, 'Please say why the canary is aborted.'),
  ...Provenance,
});
export const ShareBodySchema = z.object({ percent: z.number().int().min(1).max(99) });
export const ProvenanceBodySchema = z.object(Provenance);

export const RemoteParamsSchema = z.object({ remote: RemoteNameSchema });
export const UploadParamsSchema = z.object({ remote: RemoteNameSchema, version: VersionNameSchema });
export const UploadFileParamsSchema = UploadParamsSchema.extend({ sha256: Sha256 });

/** One stored release action, newest first in the history. */
export const ReleaseActionSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  remote: z.string().nullable(),
  version: z.string().nullable(),
  /** `cli`, `gateway`, `person` or `token`. */
  actor: z.string(),
  /** The person's e-mail or the token's label. */
  actorName: z.string().nullable(),
  host: z.string(),
  commit: z.string().nullable(),
  message: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type ReleaseAction = z.infer<typeof ReleaseActionSchema>;
export const ReleaseHistorySchema = z.object({ actions: z.array(ReleaseActionSchema) });
export const HistoryQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const DeployTokenSchema = z.object({
  id: z.number().int(),
  remote: RemoteNameSchema,
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type DeployToken = z.infer<typeof DeployTokenSchema>;
export const DeployTokensSchema = z.object({ tokens: z.array(DeployTokenSchema) });
export const DEPLOY_TOKEN_DEFAULT_DAYS = 90;
export const DEPLOY_TOKEN_MAX_DAYS = 365;
export const CreateDeployTokenSchema = z.object({
  // The portal's remote runs where sessions are: the agency releases it, with the operator's tools (decision 0077).
  remote: RemoteNameSchema.refine((name) => siteOfRemote(name) === 'public', {
    error: 'The account remote is released by the agency only: no deploy token can be made for it.',
  }),
  label: plain(100, 'Please give the token a label, such as the pipeline that uses it.'),
  expiresInDays: z.number().int().min(1).max(DEPLOY_TOKEN_MAX_DAYS).default(DEPLOY_TOKEN_DEFAULT_DAYS),
});
/** The token itself is in this answer only: it is stored as a hash. */
export const CreatedDeployTokenSchema = z.object({ token: z.string(), deployToken: DeployTokenSchema });
export const TokenIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
