import type { Mailer } from '../../platform/mail/mailer';
import { securityNotice, type SecurityChange } from './security-notices';
import type { Env } from '../../platform/env';
import type { Logger } from '../../platform/logger';

/**
 * Tells an account's owner, at their address on record, that a privilege or way in of their account changed
 * (decision 0083). Sent after the change and its audit row were stored: the message goes through the outbox, so a
 * mail server that is down delays it, and a failure to queue it is logged, never undoes the change.
 */
export function accountNotices({ env, mailer, logger }: { env: Env; mailer: Mailer; logger: Logger }) {
  const links = {
    // The dashboard is on the portal's origin (decision 0077).
    security: `${env.publicConfig.portalOrigin}/dashboard`,
    supportEmail: env.publicConfig.supportEmail,
  };
  return async (owner: { email: string; username: string }, change: SecurityChange) => {
    await mailer
      .send([securityNotice(owner.email, owner.username, change, new Date(), links)])
      .catch((error: unknown) =>
        logger.error('account change e-mail failed', { kind: change.kind, error: String(error) }),
      );
  };
}

export type TellOwner = ReturnType<typeof accountNotices>;
