import { and, eq, inArray, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { endpoints, type PrivacyRequestRow } from '@agency/contracts';
import { requireStaff } from '../auth/access';
import { dataAudit, emailOutbox, files, leadEvents, privacyRequests, users, type Db } from '../db';
import { privacyDone } from '../email/privacy-templates';
import { csvBytes, recordColumns } from '../http/csv';
import { zipFiles } from '../http/zip';
import { audit, auditRow } from '../leads/data-audit';
import { eraseEverywhere, leadsOf, outboxIdIn, outboxOf } from '../leads/erase';
import type { ApiDeps } from './deps';
import { LEAD_TABLES } from '../leads/lead-tables';
import { privacyQueue } from './privacy';
import { endpointRoutes } from './routes';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const rowOf = (r: typeof privacyRequests.$inferSelect): PrivacyRequestRow => ({
  id: r.id,
  email: r.email,
  kind: r.kind,
  details: r.details,
  status: r.status,
  confirmedAt: iso(r.confirmedAt),
  dueAt: iso(r.dueAt),
  doneAt: iso(r.doneAt),
  outcome: r.outcome,
});

async function openRequest(db: Db, id: number) {
  const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  if (!request || request.status === 'unconfirmed')
    throw new HTTPException(404, { message: 'There is no such privacy request.' });
  return request;
}

/** Everything held about an address, by where it is held (the export's JSON; each list is also a CSV). */
async function heldAbout(db: Db, email: string) {
  const leads: Record<string, Record<string, unknown>[]> = {};
  const timeline: Record<string, unknown>[] = [];
  for (const { type, ids } of await leadsOf(db, email)) {
    const def = LEAD_TABLES[type];
    leads[type] = (await db.select().from(def.table).where(inArray(def.id, ids))) as Record<string, unknown>[];
    const events = await db
      .select({
        leadType: leadEvents.leadType,
        leadId: leadEvents.leadId,
        kind: leadEvents.kind,
        text: leadEvents.text,
        at: leadEvents.at,
      })
      .from(leadEvents)
      .where(and(eq(leadEvents.leadType, type), inArray(leadEvents.leadId, ids)));
    timeline.push(...events);
  }
  const { ids: mailIds } = await outboxOf(db, email);
  const emails = await db
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      createdAt: emailOutbox.createdAt,
      status: emailOutbox.status,
    })
    .from(emailOutbox)
    .where(outboxIdIn(mailIds));
  const [account] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const accountFiles = account
    ? await db
        .select({ name: files.name, type: files.type, size: files.size, uploadedAt: files.uploadedAt })
        .from(files)
        .where(eq(files.userId, account.id))
    : [];
  return { leads, timeline, emails, account: account ?? null, files: accountFiles };
}

const csvOf = (rows: Record<string, unknown>[]) =>
  rows.length ? csvBytes(rows, recordColumns(rows[0]!), true) : Buffer.from('');

/** The staff side of privacy requests (decision 0066): the queue, the export, erase everywhere, and closing. */
export function privacyAdminApi({ db, env, mailer, stores }: ApiDeps) {
  return endpointRoutes()
    .on(endpoints.privacyRequests, async (c) => c.json((await privacyQueue(db)).map(rowOf)))

    .on(endpoints.privacyExport, async (c) => {
      const { id } = c.req.valid('param');
      const { user } = requireStaff(c);
      const request = await openRequest(db, id);
      if (request.email === 'erased') throw new HTTPException(409, { message: 'This address has been erased.' });
      const held = await heldAbout(db, request.email);
      const zip = zipFiles([
        {
          name: 'everything.json',
          content: JSON.stringify({ email: request.email, exportedAt: new Date(), ...held }, null, 2),
        },
        ...Object.entries(held.leads).map(([type, rows]) => ({ name: `${type}-leads.csv`, content: csvOf(rows) })),
        { name: 'timeline.csv', content: csvOf(held.timeline) },
        { name: 'emails.csv', content: csvOf(held.emails) },
        { name: 'files.csv', content: csvOf(held.files) },
      ]);
      await audit(db, { userId: user.id, name: user.username }, 'export', `privacy request #${id}`);
      return c.body(new Uint8Array(zip), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="privacy-request-${id}.zip"`,
        'Cache-Control': 'private, no-store',
      });
    })

    .on(endpoints.privacyErase, async (c) => {
      const { id } = c.req.valid('param');
      const { user } = requireStaff(c);
      const request = await openRequest(db, id);
      if (request.status === 'done' || request.email === 'erased')
        throw new HTTPException(409, { message: 'This request is already done.' });
      try {
        const counts = await eraseEverywhere(
          db,
          stores.files,
          request.email,
          { userId: user.id, name: user.username },
          `privacy request #${id}`,
        );
        return c.json({
          message: `Erased ${counts.leads} lead(s), ${counts.emails} e-mail(s) and ${counts.files} file(s)${counts.account ? ', and the client account' : ''}.`,
        });
      } catch (error) {
        throw new HTTPException(409, { message: error instanceof Error ? error.message : String(error) });
      }
    })

    .on(endpoints.privacyClose, async (c) => {
      const { id } = c.req.valid('param');
      const { outcome } = c.req.valid('json');
      const { user } = requireStaff(c);
      const request = await openRequest(db, id);
      if (request.status === 'done') throw new HTTPException(409, { message: 'This request is already done.' });
      await mailer.send([privacyDone(request.email, request.kind, outcome, env.publicConfig.supportEmail)]);
      // After a deletion the request keeps no address: the e-mail just queued is the last thing that has it.
      const [row] = await db.batch([
        db
          .update(privacyRequests)
          .set({
            status: 'done',
            doneAt: new Date(),
            outcome,
            ...(request.kind === 'deletion' ? { email: 'erased', details: '' } : {}),
          })
          .where(eq(privacyRequests.id, id))
          .returning(),
        db
          .insert(dataAudit)
          .values(auditRow({ userId: user.id, name: user.username }, 'close', `privacy request #${id}`)),
      ]);
      return c.json(rowOf(row[0]!));
    }).app;
}
