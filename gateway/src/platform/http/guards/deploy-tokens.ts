import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { siteOfRemote, type DeployToken, type RemoteName } from '@agency/contracts';
import { audit } from '../../audit/record';
import { deployTokens, type Db } from '../../db';

// Deploy tokens (decision 0059): a pipeline's credential for one remote's release API. The token is 32 random
// bytes, shown once; only its SHA-256 is stored, which is enough for a secret with 256 bits of entropy (a slow hash
// protects guessable passwords, and nobody guesses these).

const DAY_MS = 24 * 3600 * 1000;
/** Last use is written at most this often per token: an upload is a burst of requests. */
const LAST_USE_EVERY_MS = 60_000;

/** `agd_<remote>_<43 base64url characters>`: the prefix lets secret scanners and people recognise one. */
const TOKEN = /^agd_([a-z]+)_([A-Za-z0-9_-]{43})$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type Row = typeof deployTokens.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const tokenView = (row: Row): DeployToken => ({
  id: row.id,
  remote: row.remote as RemoteName,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: iso(row.revokedAt),
  lastUsedAt: iso(row.lastUsedAt),
});

/** Makes a token for `remote`; the token is in this answer only. The audit log records it in the same batch. */
export async function createDeployToken(
  db: Db,
  { remote, label, expiresInDays, by }: { remote: RemoteName; label: string; expiresInDays: number; by: string },
): Promise<{ token: string; deployToken: DeployToken }> {
  // Checked by the callers' schema too: the portal's remote is the agency's to release (decision 0077).
  if (siteOfRemote(remote) === 'portal')
    throw new Error('The account remote is released by the agency only: no deploy token can be made for it.');
  const token = `agd_${remote}_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + expiresInDays * DAY_MS);
  const [[row]] = await db.batch([
    db
      .insert(deployTokens)
      .values({ remote, label, tokenHash: hashOf(token), createdBy: by, expiresAt })
      .returning(),
    audit(db, {
      area: 'releases',
      action: 'deploy-token.create',
      actor: { id: null, name: by },
      subject: {
        type: 'deploy token',
        id: sql`(select ${deployTokens.id} from ${deployTokens} where ${deployTokens.tokenHash} = ${hashOf(token)})`,
      },
      after: { remote, label, expiresAt: expiresAt.toISOString() },
      detail: `deploy-token:${remote}:${label}`,
    }),
  ]);
  return { token, deployToken: tokenView(row!) };
}

export async function listDeployTokens(db: Db): Promise<DeployToken[]> {
  return (await db.select().from(deployTokens).orderBy(desc(deployTokens.id))).map(tokenView);
}

/**
 * Revokes a token at once (its next request gets 401); false when there is no such token or it was revoked. The audit
 * event is written in the same batch, only when this revocation changed the row.
 */
export async function revokeDeployToken(db: Db, id: number, by: string): Promise<boolean> {
  const now = new Date();
  const [changed] = await db.batch([
    db
      .update(deployTokens)
      .set({ revokedAt: now })
      .where(and(eq(deployTokens.id, id), isNull(deployTokens.revokedAt)))
      .returning({ id: deployTokens.id }),
    audit(
      db,
      {
        area: 'releases',
        action: 'deploy-token.revoke',
        actor: { id: null, name: by },
        subject: { type: 'deploy token', id },
        after: { id, revokedAt: now.toISOString() },
        detail: sql`(select 'deploy-token:' || ${deployTokens.remote} || ':' || ${deployTokens.label} from ${deployTokens} where ${deployTokens.id} = ${id})`,
      },
      { ifChanged: true },
    ),
  ]);
  return changed.length > 0;
}

export type TokenCheck =
  { ok: true; token: DeployToken } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' | 'expired' };

/** Looks a presented token up by its hash, and records its use (at most once a minute). */
export async function checkDeployToken(db: Db, presented: string): Promise<TokenCheck> {
  if (!TOKEN.test(presented)) return { ok: false, reason: 'malformed' };
  const [row] = await db
    .select()
    .from(deployTokens)
    .where(eq(deployTokens.tokenHash, hashOf(presented)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  const now = new Date();
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USE_EVERY_MS) {
    const stale = new Date(now.getTime() - LAST_USE_EVERY_MS);
    await db
      .update(deployTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(deployTokens.id, row.id), or(isNull(deployTokens.lastUsedAt), lt(deployTokens.lastUsedAt, stale))));
    row.lastUsedAt = now;
  }
  return { ok: true, token: tokenView(row) };
}
