import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client';

/** Applies the committed drizzle-kit migrations; already-applied ones are skipped. */
export async function migrateDb(db: Db, migrationsFolder: string): Promise<void> {
  await migrate(db, { migrationsFolder });
}
