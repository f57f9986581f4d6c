import type { Db } from '../db';
import type { Mailer } from '../mail/mailer';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { ObjectStores } from '../storage/object-store';
import type { Webhook } from '../webhook/webhook';
import type { Outbox } from '../outbox/outbox';

/** What every API area needs; built once in app.ts and handed to each sub-app. */
export interface ApiDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Where uploaded files and images are kept (platform/storage/stores.ts). */
  stores: ObjectStores;
  /** Lead notices to the operator's webhook (platform/webhook/webhook.ts). */
  webhook: Webhook;
  /** Delivery of both (platform/outbox/outbox.ts): staff retry dead messages through it. */
  outbox: Outbox;
}
