import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { endpoints, type LeadRow, type LeadType } from '@agency/contracts';
import { requireStaff } from '../../platform/http/guards/access';
import { audit } from '../../platform/audit/record';
import { clientHolds, leadEvents, retentionHolds, users, type Db } from '../../platform/db';
import { privacyStep } from '../../platform/audit/data-audit';
import { onTimeShare, openCounts } from './follow-up-on-time';
import { retentionDue } from './retention';
import type { ApiDeps } from '../../platform/http/deps';
import { LEAD_TABLES } from './lead-tables';
import { endpointRoutes } from '../../platform/http/routes';

const iso = (d: Date | number) => new Date(d).toISOString();

async function mustExist(db: Db, type: LeadType, id: number) {
  const def = LEAD_TABLES[type];
  const [row] = await db
    .select({ id: sql<number>`${def.id}` })
    .from(def.table)
    .where(eq(def.id, id));
  if (!row) throw new HTTPException(404, { message: 'This lead no longer exists.' });
}

const closedClient = (c: { id: number; username: string; email: string; closedAt: Date | null }) => ({
  userId: c.id,
  username: c.username,
  email: c.email,
  closedAt: iso(c.closedAt!),
});

const staffOnly = (db: Db) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(ne(users.role, 'client'))
    .orderBy(asc(users.username));

/**
 * The follow-up work on a lead (decision 0065): its timeline (notes, logged calls and e-mails, which follow it up),
 * its assignee, its retention hold (decision 0066), and the inbox's figures.
 */
export function leadWorkApi({ db }: ApiDeps) {
  return endpointRoutes()
    .on(endpoints.leadTimeline, async (c) => {
      const { type, id } = c.req.valid('param');
      await mustExist(db, type, id);
      const rows = await db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadType, type), eq(leadEvents.leadId, id)))
        .orderBy(asc(leadEvents.at), asc(leadEvents.id));
      return c.json(rows.map((r) => ({ id: r.id, kind: r.kind, text: r.text, userName: r.userName, at: iso(r.at) })));
    })

    .on(endpoints.addLeadEvent, async (c) => {
      const { type, id } = c.req.valid('param');
      const { kind, text } = c.req.valid('json');
      const { user } = requireStaff(c);
      const def = LEAD_TABLES[type];
      await mustExist(db, type, id);
      const now = new Date();
      const [[event]] = await db.batch([
        db
          .insert(leadEvents)
          .values({ leadType: type, leadId: id, kind, text, userId: user.id, userName: user.username, at: now })
          .returning(),
        // A logged call or e-mail is a contact: it follows the lead up, once.
        db
          .update(def.table)
          .set({ followedUpAt: kind === 'note' ? sql`${def.followedUpAt}` : now } as never)
          .where(and(eq(def.id, id), isNull(def.followedUpAt))),
      ]);
      return c.json(
        { id: event!.id, kind: event!.kind, text: event!.text, userName: event!.userName, at: iso(event!.at) },
        201,
      );
    })

    .on(endpoints.assignLead, async (c) => {
      const { type, id } = c.req.valid('param');
      const { userId } = c.req.valid('json');
      const { user } = requireStaff(c);
      const def = LEAD_TABLES[type];
      await mustExist(db, type, id);
      let name = 'nobody';
      if (userId !== null) {
        const [assignee] = await db.select().from(users).where(eq(users.id, userId));
        if (!assignee || assignee.role === 'client')
          return c.json({ message: 'Leads can be assigned to staff members only.' }, 400);
        name = assignee.username;
      }
      await db.batch([
        db
          .update(def.table)
          .set({ assignedTo: userId } as never)
          .where(eq(def.id, id)),
        db.insert(leadEvents).values({
          leadType: type,
          leadId: id,
          kind: 'assigned',
          text: `Assigned to ${name}.`,
          userId: user.id,
          userName: user.username,
        }),
      ]);
      const [row] = await db.select().from(def.table).where(eq(def.id, id));
      return c.json({ ...(row as LeadRow), leadType: type });
    })

    .on(endpoints.leadHold, async (c) => {
      const { type, id } = c.req.valid('param');
      await mustExist(db, type, id);
      const [hold] = await db
        .select()
        .from(retentionHolds)
        .where(and(eq(retentionHolds.leadType, type), eq(retentionHolds.leadId, id)));
      return c.json({ hold: hold ? { reason: hold.reason, at: iso(hold.at) } : null });
    })

    .on(endpoints.holdLead, async (c) => {
      const { type, id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const { user } = requireStaff(c);
      await mustExist(db, type, id);
      await db.batch([
        db
          .insert(retentionHolds)
          .values({ leadType: type, leadId: id, reason, userId: user.id })
          .onConflictDoUpdate({
            target: [retentionHolds.leadType, retentionHolds.leadId],
            set: { reason, userId: user.id },
          }),
        audit(db, privacyStep({ id: user.id, name: user.username }, 'hold', { type, id }, reason)),
      ]);
      return c.json({ message: `Lead #${id} is kept past the retention period.` });
    })

    .on(endpoints.releaseLeadHold, async (c) => {
      const { type, id } = c.req.valid('param');
      const { user } = requireStaff(c);
      await db.batch([
        db.delete(retentionHolds).where(and(eq(retentionHolds.leadType, type), eq(retentionHolds.leadId, id))),
        audit(db, privacyStep({ id: user.id, name: user.username }, 'release hold', { type, id })),
      ]);
      return c.json({ message: `Lead #${id} follows the retention period again.` });
    })

    .on(endpoints.holdClient, async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const { user } = requireStaff(c);
      const [client] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
      if (!client || client.role !== 'client')
        return c.json({ message: 'There is no client account with this number.' }, 404);
      await db.batch([
        db
          .insert(clientHolds)
          .values({ clientId: id, reason, userId: user.id })
          .onConflictDoUpdate({ target: clientHolds.clientId, set: { reason, userId: user.id } }),
        audit(db, privacyStep({ id: user.id, name: user.username }, 'hold', { type: 'client account', id }, reason)),
      ]);
      return c.json({ message: `Client account #${id} is kept past the seven years after closure.` });
    })

    .on(endpoints.releaseClientHold, async (c) => {
      const { id } = c.req.valid('param');
      const { user } = requireStaff(c);
      await db.batch([
        db.delete(clientHolds).where(eq(clientHolds.clientId, id)),
        audit(db, privacyStep({ id: user.id, name: user.username }, 'release hold', { type: 'client account', id })),
      ]);
      return c.json({ message: `Client account #${id} follows the seven-year retention again.` });
    })

    .on(endpoints.leadOverview, async (c) => {
      const now = new Date();
      const [days30, days90, counts, staff] = await Promise.all([
        onTimeShare(db, 30, now),
        onTimeShare(db, 90, now),
        openCounts(db, now),
        staffOnly(db),
      ]);
      return c.json({ onTime: { days30, days90 }, ...counts, staff });
    })

    .on(endpoints.retentionPreview, async (c) => {
      const preview = await retentionDue(db, new Date());
      const [held, clientsHeld] = await Promise.all([
        db.select().from(retentionHolds).orderBy(desc(retentionHolds.at)).limit(200),
        db
          .select({
            userId: clientHolds.clientId,
            username: users.username,
            reason: clientHolds.reason,
            at: clientHolds.at,
          })
          .from(clientHolds)
          .innerJoin(users, eq(users.id, clientHolds.clientId))
          .orderBy(desc(clientHolds.at))
          .limit(200),
      ]);
      return c.json({
        cutoff: iso(preview.cutoff),
        due: preview.due,
        dueTotal: preview.total,
        held: held.map((h) => ({ leadType: h.leadType, leadId: h.leadId, reason: h.reason, at: iso(h.at) })),
        clientCutoff: iso(preview.clientCutoff),
        clientsDue: preview.clients.map(closedClient),
        clientsSoon: preview.clientsSoon.map(closedClient),
        clientsDueTotal: preview.clientsTotal,
        clientsHeld: clientsHeld.map((h) => ({ ...h, at: iso(h.at) })),
      });
    }).app;
}
