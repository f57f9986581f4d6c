import path from 'node:path';
import { createClient, type InValue } from '@libsql/client';

/**
 * Reads the suite gateway's own libSQL file, so tests check what was really stored rather than what the
 * page claimed. The gateway keeps the file in WAL mode, so reading beside it is safe.
 */
export async function queryRows<T = Record<string, unknown>>(sql: string, args: InValue[] = []): Promise<T[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (global setup starts the gateway)');
  const client = createClient({ url: `file:${path.join(dataDir, 'agency.db')}` });
  try {
    return (await client.execute({ sql, args })).rows as unknown as T[];
  } finally {
    client.close();
  }
}
