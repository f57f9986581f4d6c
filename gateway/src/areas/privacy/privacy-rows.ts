import { eq, inArray, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { PrivacyRequestRow } from '@agency/contracts';
import { privacyCopies, privacyRequests, type Db } from '../../platform/db';

type Request = typeof privacyRequests.$inferSelect;
const iso = (d: Date | number | null) => (d === null ? null : new Date(d).toISOString());

/** Requests as the Privacy tab shows them, each with the latest link to a copy e-mailed for it (decision 0081). */
export async function requestRows(db: Db, requests: Request[]): Promise<PrivacyRequestRow[]> {
  const copies = requests.length
    ? await db
        .select({
          requestId: privacyCopies.requestId,
          sentAt: sql<number>`max(${privacyCopies.createdAt})`,
          expiresAt: sql<number>`max(${privacyCopies.expiresAt})`,
        })
        .from(privacyCopies)
        .where(
          inArray(
            privacyCopies.requestId,
            requests.map((r) => r.id),
          ),
        )
        .groupBy(privacyCopies.requestId)
    : [];
  const copyOf = new Map(copies.map((c) => [c.requestId, c]));
  return requests.map((r) => ({
    id: r.id,
    email: r.email,
    kind: r.kind,
    details: r.details,
    status: r.status,
    confirmedAt: iso(r.confirmedAt),
    dueAt: iso(r.dueAt),
    doneAt: iso(r.doneAt),
    outcome: r.outcome,
    copySentAt: iso(copyOf.get(r.id)?.sentAt ?? null),
    copyExpiresAt: iso(copyOf.get(r.id)?.expiresAt ?? null),
  }));
}

export const requestRow = async (db: Db, request: Request) => (await requestRows(db, [request]))[0]!;

/** A confirmed request by id, or the 404 staff see for any other. */
export async function confirmedRequest(db: Db, id: number) {
  const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  if (!request || request.status === 'unconfirmed')
    throw new HTTPException(404, { message: 'There is no such privacy request.' });
  return request;
}
