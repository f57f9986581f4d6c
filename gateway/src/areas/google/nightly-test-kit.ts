import { eq } from 'drizzle-orm';
import { ga4Day, searchDay } from '../../../testing/google-stand-in';
import { googleConnections, googleDailyFigures, users, type Db } from '../../platform/db';
import { tokenSealer } from './sealing';

/** Test helpers of the nightly fetch: a connected client without the browser round trip, and what should be stored. */

let n = 0;

export async function connectClient(
  db: Db,
  token: string,
  key: Buffer,
  {
    property,
    site,
    lastFetchedDay = null,
  }: { property: string | null; site: string | null; lastFetchedDay?: string | null },
) {
  const [user] = await db
    .insert(users)
    .values({ username: `google${++n}`, email: `google${n}@example.nz`, password: 'x', role: 'client' })
    .returning({ id: users.id });
  await db.insert(googleConnections).values({
    clientId: user!.id,
    refreshToken: tokenSealer(key).seal(token),
    connectedAt: new Date(),
    ga4Property: property,
    searchConsoleSite: site,
    lastFetchedDay,
  });
  return user!.id;
}

export const connectionOf = async (db: Db, clientId: number) =>
  (await db.select().from(googleConnections).where(eq(googleConnections.clientId, clientId)))[0]!;

export const storedDays = (db: Db, clientId: number) =>
  db.select().from(googleDailyFigures).where(eq(googleDailyFigures.clientId, clientId)).orderBy(googleDailyFigures.day);

/** What the fetch should store for a day, from the stand-in's pure figures. */
export function expectedDay(property: string, site: string, day: string) {
  const channels = ga4Day(property, day);
  const sum = (f: (c: (typeof channels)[number]) => number) => channels.reduce((s, c) => s + f(c), 0);
  const search = searchDay(site, day);
  const top = (rows: typeof search.queries) =>
    rows
      .map(({ keys, ...r }) => ({ key: keys[0]!, ...r }))
      .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions)
      .slice(0, 10);
  return {
    day,
    sessions: sum((c) => c.sessions),
    totalUsers: sum((c) => c.totalUsers),
    keyEvents: sum((c) => c.keyEvents),
    organicSessions: channels.find((c) => c.group === 'Organic Search')!.sessions,
    paidSessions: channels.find((c) => c.group === 'Paid Search')!.sessions,
    clicks: search.total.clicks,
    impressions: search.total.impressions,
    ctr: search.total.ctr,
    position: search.total.position,
    topQueries: top(search.queries),
    topPages: top(search.pages),
  };
}
