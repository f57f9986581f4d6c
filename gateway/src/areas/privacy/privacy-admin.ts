import { eq } from 'drizzle-orm';
import { endpoints } from '@agency/contracts';
import { requireStaff } from '../../platform/http/guards/access';
import { privacyRequests } from '../../platform/db';
import { privacyDone } from './privacy-templates';
import { audit } from '../../platform/audit/record';
import { privacyStep } from '../../platform/audit/data-audit';
import { readableCopy } from './copy';
import { eraseEverywhere } from './erase';
import { heldFor } from './held';
import type { ApiDeps } from '../../platform/http/deps';
import { privacyQueue } from './privacy';
import { confirmedRequest, requestRow, requestRows } from './privacy-rows';
import { endpointRoutes } from '../../platform/http/routes';
import { grantRevoker } from '../google';

/** The staff side of privacy requests (decision 0066): the queue, the export, erase everywhere, and closing. */
export function privacyAdminApi({ db, env, mailer, stores, logger }: ApiDeps) {
  const revokeGrants = grantRevoker(db, env.google, logger);
  return endpointRoutes()
    .on(endpoints.privacyRequests, async (c) => c.json(await requestRows(db, await privacyQueue(db))))

    .on(endpoints.privacyExport, async (c) => {
      const { id } = c.req.valid('param');
      const { user } = requireStaff(c);
      const request = await confirmedRequest(db, id);
      if (request.email === 'erased') return c.json({ message: 'This address has been erased.' }, 409);
      const { zip } = await readableCopy(db, await heldFor(db, request.email), {
        requestId: id,
        origin: env.publicConfig.publicOrigin,
        supportEmail: env.publicConfig.supportEmail,
      });
      await audit(db, privacyStep({ id: user.id, name: user.username }, 'export', { type: 'privacy request', id }));
      return c.body(new Uint8Array(zip), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="privacy-request-${id}.zip"`,
        'Cache-Control': 'private, no-store',
      });
    })

    .on(endpoints.privacyErase, async (c) => {
      const { id } = c.req.valid('param');
      const { user } = requireStaff(c);
      const request = await confirmedRequest(db, id);
      if (request.status === 'done' || request.email === 'erased')
        return c.json({ message: 'This request is already done.' }, 409);
      try {
        const counts = await eraseEverywhere(
          db,
          stores.files,
          request.email,
          { id: user.id, name: user.username },
          { type: 'privacy request', id },
          revokeGrants,
        );
        return c.json({
          message: `Erased ${counts.leads} lead(s), ${counts.emails} e-mail(s), ${counts.files} file(s)${counts.account ? ', the client account' : ''} and ${counts.other} other record(s).`,
        });
      } catch (error) {
        return c.json({ message: error instanceof Error ? error.message : String(error) }, 409);
      }
    })

    .on(endpoints.privacyClose, async (c) => {
      const { id } = c.req.valid('param');
      const { outcome } = c.req.valid('json');
      const { user } = requireStaff(c);
      const request = await confirmedRequest(db, id);
      if (request.status === 'done') return c.json({ message: 'This request is already done.' }, 409);
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
        audit(db, privacyStep({ id: user.id, name: user.username }, 'close', { type: 'privacy request', id })),
      ]);
      return c.json(await requestRow(db, row[0]!));
    }).app;
}
