import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { AD_PLATFORMS, CONSENT_HOW, DELIVERY_STATES } from '@agency/contracts';
import { bool, createdAt, id, timestamp } from './columns';
import { conversionEvents } from './leads';

/**
 * One conversion's delivery to one ad platform (decision 0095), written in the conversion's own transaction and
 * sent by the leased delivery job. It goes with its conversion (cascade): erasure and retention need not know it.
 */
export const conversionDeliveries = sqliteTable(
  'conversion_deliveries',
  {
    id: id(),
    conversionId: integer('conversionId')
      .notNull()
      .references(() => conversionEvents.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: AD_PLATFORMS }).notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    /** When a waiting row is due; a row being sent has it pushed ahead (the claim), so a second job passes it by. */
    nextAt: timestamp('nextAt'),
    /** The platform's own words for a refusal, or the last failure while waiting (bounded). */
    reason: text('reason'),
    matchQuality: real('matchQuality'),
    sentAt: timestamp('sentAt'),
    createdAt: createdAt(),
  },
  (t) => [
    // The job's read: only waiting rows, by when they are due.
    index('conversion_deliveries_due_idx')
      .on(t.nextAt)
      .where(sql`"state" = 'waiting'`),
    index('conversion_deliveries_conversion_idx').on(t.conversionId),
    index('conversion_deliveries_platform_created_idx').on(t.platform, t.createdAt),
  ],
);

/**
 * Consent choices counted by New Zealand day (decision 0095): at most 2 x 2 x 3 rows a day, nothing about who chose.
 */
export const consentCounts = sqliteTable(
  'consent_counts',
  {
    day: text('day').notNull(),
    analytics: bool('analytics').notNull(),
    ads: bool('ads').notNull(),
    how: text('how', { enum: CONSENT_HOW }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.analytics, t.ads, t.how] })],
);
