import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BUSINESS } from '@agency/contracts';
import { sameUsername, hashPassword, base32, totpFactorsOf } from '../areas/accounts';
import {
  createDb,
  files,
  metrics,
  migrateDb,
  MigrationError,
  migrationsFolder,
  monthlyReports,
  users,
  type Db,
} from '../platform/db';
import { ConfigError, loadEnv } from '../platform/env';
import { toCsv } from '../platform/http/csv';
import { openObjectStores } from '../platform/storage/stores';

/**
 * `pnpm seed:demo`: a demo client with twelve months of reports, metrics and two files, and a demo admin, so a
 * newcomer sees a full portal at once. Refuses to run when NODE_ENV=production unless given --force.
 */
const DEMO_PASSWORD = 'Demo#Portal2026';

/** Twelve months ending last month, trending up the way a real engagement does (deterministic, no randomness). */
export function demoReports(clientId: number, now = new Date()) {
  return Array.from({ length: 12 }, (_, i) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12 + i, 1));
    const organic = 620 + i * 85 + (i % 3) * 40;
    const paid = 180 + i * 22;
    const traffic = organic + paid;
    const conversions = Math.round(traffic * (0.018 + i * 0.0012));
    return {
      clientId,
      reportDate: month.toISOString().slice(0, 10),
      // Typed in by staff and published, as every report was before drafts (decision 0094).
      status: 'published' as const,
      publishedAt: now,
      websiteTraffic: traffic,
      organicTraffic: organic,
      paidTraffic: paid,
      conversions,
      conversionRate: Math.round((conversions / traffic) * 10000) / 100,
      searchRanking: Math.max(2, 18 - i),
      backlinks: 40 + i * 7,
      socialEngagement: 900 + i * 140,
      socialEngagementRate: Math.round((3.1 + i * 0.15) * 100) / 100,
      followerGrowth: 35 + i * 6,
      clickThroughRate: Math.round((2.4 + i * 0.12) * 100) / 100,
      costPerClick: Math.round((2.1 - i * 0.05) * 100) / 100,
      paidConversionRate: Math.round((3.2 + i * 0.1) * 100) / 100,
      notes:
        i === 11
          ? 'Best month yet: local SEO pages now rank top 3 for "builder Te Awamutu".'
          : `Month ${i + 1} of the growth plan.`,
    };
  });
}

const pdf = (title: string) =>
  `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length ${title.length + 37}>>stream\nBT /F1 18 Tf 72 760 Td (${title}) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;

async function ensureUser(db: Db, username: string, role: 'client' | 'admin') {
  const [existing] = await db.select().from(users).where(sameUsername(username));
  if (existing) return { user: existing, created: false };
  const [user] = await db
    .insert(users)
    .values({ username, email: `${username}@demo.beloud.co.nz`, password: await hashPassword(DEMO_PASSWORD), role })
    .returning();
  return { user: user!, created: true };
}

async function main() {
  const env = loadEnv(process.env);
  if (env.nodeEnv === 'production' && !process.argv.includes('--force')) {
    throw new ConfigError(
      'Refusing to seed demo accounts with NODE_ENV=production (pass --force if you really mean it).',
    );
  }
  const database = createDb(env.databaseUrl, { authToken: env.databaseAuthToken });
  await database.init();
  await migrateDb(database.db, migrationsFolder);
  const db = database.db;
  try {
    const { user: admin } = await ensureUser(db, 'demo-admin', 'admin');
    // Staff sign in with a second factor (decision 0061): the demo admin has an app already, whose key is printed
    // below so a person can add it to theirs (or compute codes, as the end-to-end tests do).
    const factors = totpFactorsOf(db);
    let key = await factors.keyOf(admin.id);
    if (!key) {
      key = randomBytes(20);
      await factors.install(admin.id, key);
    }
    const { user: client, created } = await ensureUser(db, 'demo-client', 'client');
    if (created) {
      const reports = demoReports(client.id);
      await db.insert(monthlyReports).values(reports);
      const last = reports.at(-1)!;
      await db.insert(metrics).values({
        userId: client.id,
        date: last.reportDate,
        seo: {
          'Average position': last.searchRanking,
          Backlinks: last.backlinks,
          'Organic visits': last.organicTraffic,
        },
        smm: {
          Engagement: last.socialEngagement,
          'Engagement rate %': last.socialEngagementRate,
          'New followers': last.followerGrowth,
        },
        sem: { 'Paid visits': last.paidTraffic, 'CTR %': last.clickThroughRate, 'CPC $': last.costPerClick },
      });
      const store = openObjectStores(env.objectStore).files;
      const demoFiles = [
        { name: 'Growth plan 2026.pdf', type: 'application/pdf', content: pdf(`${BUSINESS.name} - Growth plan 2026`) },
        { name: 'Monthly figures.csv', type: 'text/csv', content: toCsv(reports.map(({ clientId: _c, ...r }) => r)) },
      ];
      for (const f of demoFiles) {
        const key = randomUUID();
        const bytes = Buffer.from(f.content);
        await store.put(key, bytes, { contentType: f.type, sha256: createHash('sha256').update(bytes).digest('hex') });
        await db
          .insert(files)
          .values({ userId: client.id, name: f.name, type: f.type, path: key, size: Buffer.byteLength(f.content) });
      }
    }
    console.log(
      `Demo portal ready: sign in at ${env.publicConfig.portalOrigin}/auth as demo-client or demo-admin, password ${DEMO_PASSWORD}`,
    );
    console.log(
      `demo-admin's authenticator-app key (TOTP, 30 s, 6 digits): ${base32(key)}\n` +
        `  add it to an app (Google Authenticator, 1Password, ...) by typing it, and enter the app's code after the password.`,
    );
  } finally {
    database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof MigrationError;
  process.stderr.write(`${known ? error.message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
