import { z } from 'zod';
import { REMOTE_NAMES, type RemotePointer, type RemotePointerEntry } from '../remotes';

export const RemoteNameSchema = z.enum(REMOTE_NAMES);

export const RemotePointerEntrySchema = z.object({
  version: z.string().regex(/^[\w.-]{1,80}$/),
  /** URL of the remote's mf-manifest.json; chunk URLs resolve relative to it. */
  entry: z.string().min(1).max(2000),
}) satisfies z.ZodType<RemotePointerEntry>;

/** The pointer document (see remotes.ts); browsers check it with the zod-free `parseRemotePointer`. */
export const RemotePointerSchema = z.object({
  remotes: z.partialRecord(RemoteNameSchema, RemotePointerEntrySchema),
}) satisfies z.ZodType<RemotePointer>;
