import type { RateLimiter } from '../auth/rate-limit';
import type { Db, GroupCommit } from '../db';
import type { Mailer } from '../email/mailer';
import type { Env } from '../env';
import type { Logger } from '../logger';

/** What every API area needs; built once in app.ts and handed to each sub-app. */
export interface ApiDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
}

/**
 * Lead and quote capture also get the group committer (one fsync for the writes of one event-loop turn) and the
 * database rate limiter, whose counters go through it.
 */
export interface CaptureDeps extends ApiDeps {
  commit: GroupCommit;
  limiter: RateLimiter;
}
