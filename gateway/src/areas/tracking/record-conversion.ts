import type { Context } from 'hono';
import type { ConversionEventSchema } from '@agency/contracts';
import type { z } from 'zod';
import { compiledInsert, conversionDeliveries, conversionEvents, type Db, type GroupCommit } from '../../platform/db';
import type { Env } from '../../platform/env';
import { conversionRow, platformsFor } from './conversion-row';

/**
 * Stores a conversion and its deliveries, one per platform it may go to, as one unit of the group commit (decision
 * 0095): an acknowledged event is queued for exactly the platforms its consent allowed, and a refused or missing
 * choice writes no delivery at all. The sending is the delivery job's.
 */
export function conversionRecorder({ db, env, group }: { db: Db; env: Env; group: GroupCommit }) {
  const insertConversion = compiledInsert(db, conversionEvents, { id: conversionEvents.id });
  const insertDelivery = compiledInsert(db, conversionDeliveries, { id: conversionDeliveries.id });
  return async function recordConversion(c: Context, data: z.output<typeof ConversionEventSchema>): Promise<number> {
    const row = conversionRow(c, data, env);
    const platforms = platformsFor(row, env.adPlatforms);
    const now = new Date();
    const { rows } = await group.commitWith([insertConversion(row)], ([[stored]]) =>
      platforms.map((platform) => insertDelivery({ conversionId: stored!.id, platform, nextAt: now })),
    );
    return rows[0][0]!.id;
  };
}
