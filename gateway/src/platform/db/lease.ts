import { sql } from 'drizzle-orm';
import { jobLeases, type Db } from './index';

/**
 * Takes the lease of a job for `ms` when it is free (or already this holder's): one conditional upsert, so of
 * several gateways starting the job at once exactly one gets it. Answers whether this holder has it.
 */
export async function takeLease(db: Db, name: string, holder: string, ms: number, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + ms);
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, until },
      setWhere: sql`${jobLeases.until} <= ${now.getTime()} or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ holder: jobLeases.holder });
  return rows.length === 1;
}

/** Keeps the job's row until `until` (the next run's earliest time), still held by this holder. */
export async function holdLeaseUntil(db: Db, name: string, holder: string, until: Date): Promise<void> {
  await db
    .update(jobLeases)
    .set({ until })
    .where(sql`${jobLeases.name} = ${name} and ${jobLeases.holder} = ${holder}`);
}
