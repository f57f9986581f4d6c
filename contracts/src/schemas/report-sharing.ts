import { z } from 'zod';

/** The expiries staff choose from for a report's share link (decision 0113), in days. */
export const SHARE_LINK_DAYS = [1, 7, 30, 90] as const;

export const ShareLinkInputSchema = z.object({
  expiresInDays: z.union(SHARE_LINK_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]], {
    error: `expiresInDays must be one of ${SHARE_LINK_DAYS.join(', ')}`,
  }),
});

const instant = z.coerce.date();

/** A share link as staff see it: never its token, which is shown once, in `url`, when it is made. */
export const ShareLinkSchema = z.object({
  id: z.number().int(),
  createdAt: instant,
  createdBy: z.string().nullable(),
  expiresAt: instant,
  revokedAt: instant.nullable(),
  /** The address an e-mailed link went to, or null for a link staff made. */
  recipient: z.string().nullable(),
  opens: z.number().int(),
  lastOpenedAt: instant.nullable(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

export const ShareLinkListSchema = z.object({ items: z.array(ShareLinkSchema) });
export const CreatedShareLinkSchema = z.object({ link: ShareLinkSchema, url: z.url() });
