import { z } from 'zod';
import { LIMITS } from './common';
import { PageQuerySchema } from './queries';

/**
 * The parts of the product an audit event belongs to (decision 0103): content writes; accounts (invites, roles,
 * access, second factors and their resets); a lead's status; releases (deploy tokens); what was done with personal
 * data (holds, exports, copies, erasures, unsubscribes).
 */
export const AUDIT_AREAS = ['content', 'accounts', 'leads', 'releases', 'privacy'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** One event of the audit trail (`GET /api/admin/audit-events`, master admins). */
export const AuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  area: z.enum(AUDIT_AREAS),
  /** `create`, `update`, `delete` for rows; a verb for a step (`reset-second-factor`, `erase`, `hold`...). */
  action: z.string(),
  /** The account that acted; null for the system, the command line, the retention job or the person asking. */
  actorId: z.number().int().nullable(),
  /** Who acted, as shown: a staff member's address or name, `system`, `retention job`, `the requester`. */
  actor: z.string(),
  /** What it was done to: a kind (`blog_post`, `account`, `enquiry`, `privacy request`, `deploy token`) and its id. */
  subjectType: z.string(),
  subjectId: z.number().int().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  detail: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** Absent and empty mean the same: no filter. */
const blankless = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const day = (name: string) =>
  z.preprocess(
    blankless,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `The ${name} date must be a date like 2026-10-31` })
      .optional(),
  );

/** The audit trail's filters: which area, by whom (their address or name), from and to which day (NZ days). */
export const AuditQuerySchema = PageQuerySchema.extend({
  area: z.preprocess(
    blankless,
    z.enum(AUDIT_AREAS, { error: `area must be one of ${AUDIT_AREAS.join(', ')}` }).optional(),
  ),
  who: z.preprocess(blankless, z.string().trim().max(LIMITS.email, { error: 'The e-mail is too long' }).optional()),
  from: day('from'),
  to: day('to'),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;
