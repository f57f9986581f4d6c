import { z } from 'zod';
import { LEAD_EVENT_KINDS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from '../constants';
import { emailField } from './common';
import { LEAD_TYPES } from './queries';

/** What staff write on a lead's timeline: a note, or a call or e-mail they made (either follows the lead up). */
export const LeadEventInputSchema = z.object({
  kind: z.enum(['note', 'call', 'email'], { error: 'Choose a note, a call or an e-mail.' }),
  text: z
    .string({ error: 'Write what happened.' })
    .trim()
    .min(1, { error: 'Write what happened.' })
    .max(4000, { error: 'Keep it under 4,000 characters.' }),
});
export type LeadEventInput = z.infer<typeof LeadEventInputSchema>;

export const LeadEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_EVENT_KINDS),
  text: z.string(),
  userName: z.string(),
  at: z.string(),
});
export type LeadEvent = z.infer<typeof LeadEventSchema>;

/** A lead's assignee: a staff member's id, or null to unassign. */
export const LeadAssignSchema = z.object({
  userId: z.number({ error: 'Choose a staff member.' }).int().positive().nullable(),
});

/** Keeping a lead past the two-year retention needs a reason (it is audited). */
export const RetentionHoldSchema = z.object({
  reason: z
    .string({ error: 'Give a reason for keeping this lead.' })
    .trim()
    .min(3, { error: 'Give a reason for keeping this lead.' })
    .max(500, { error: 'Keep the reason under 500 characters.' }),
});

/** Keeping a closed client's records past the seven years after closure needs a reason too (decision 0069). */
export const ClientHoldSchema = z.object({
  reason: z
    .string({ error: "Give a reason for keeping this client's records." })
    .trim()
    .min(3, { error: "Give a reason for keeping this client's records." })
    .max(500, { error: 'Keep the reason under 500 characters.' }),
});

/** A lead's retention hold, or null when the lead follows the two-year rule. */
export const LeadHoldSchema = z.object({
  hold: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type LeadHold = z.infer<typeof LeadHoldSchema>;

/** Who a lead can be assigned to. */
export const StaffMemberSchema = z.object({ id: z.number().int(), username: z.string() });

const share = z.object({
  /** Leads whose follow-up time fell in the window (or that were followed up in it). */
  due: z.number().int(),
  onTime: z.number().int(),
  /** onTime / due, or null when nothing was due. */
  share: z.number().nullable(),
});

/** The inbox's figures: the share followed up in time, and what is overdue or due soon. */
export const LeadOverviewSchema = z.object({
  onTime: z.object({ days30: share, days90: share }),
  overdue: z.number().int(),
  dueSoon: z.number().int(),
  staff: z.array(StaffMemberSchema),
});
export type LeadOverview = z.infer<typeof LeadOverviewSchema>;

const ClosedClientSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  closedAt: z.string(),
});

/** What the next retention run will erase, and what holds keep. */
export const RetentionPreviewSchema = z.object({
  cutoff: z.string(),
  due: z.array(
    z.object({ leadType: z.enum(LEAD_TYPES), leadId: z.number().int(), createdAt: z.string(), who: z.string() }),
  ),
  dueTotal: z.number().int(),
  held: z.array(
    z.object({ leadType: z.enum(LEAD_TYPES), leadId: z.number().int(), reason: z.string(), at: z.string() }),
  ),
  /** Client accounts closed (disabled) before this are erased with everything held for them (decision 0069). */
  clientCutoff: z.string(),
  clientsDue: z.array(ClosedClientSchema),
  /** Closed client accounts whose seven years end within the next 30 days: a hold can still be placed in time. */
  clientsSoon: z.array(ClosedClientSchema),
  clientsDueTotal: z.number().int(),
  clientsHeld: z.array(
    z.object({ userId: z.number().int(), username: z.string(), reason: z.string(), at: z.string() }),
  ),
});
export type RetentionPreview = z.infer<typeof RetentionPreviewSchema>;

/** A person's privacy request from the public page: their address, what they ask, and any detail. */
export const PrivacyRequestInputSchema = z.object({
  email: emailField(),
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: 'Choose what you would like us to do.' }),
  details: z
    .string({ error: 'Details must be text.' })
    .trim()
    .max(2000, { error: 'Keep the details under 2,000 characters.' })
    .default(''),
});
export type PrivacyRequestInput = z.input<typeof PrivacyRequestInputSchema>;

/** The token of a link to a person's copy of their data, as the e-mailed link carries it. */
export const PrivacyCopyTokenSchema = z.object({
  token: z
    .string({ error: 'This download link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This download link is not valid.' }),
});

/** The confirmation link's token, as the page posts it back. */
export const PrivacyConfirmSchema = z.object({
  token: z
    .string({ error: 'This confirmation link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'This confirmation link is not valid.' }),
});

export const PrivacyRequestRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  details: z.string(),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  confirmedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  outcome: z.string().nullable(),
  /** When the person was last e-mailed a link to their copy (a request for a copy, decision 0081), and until when it works. */
  copySentAt: z.string().nullable(),
  copyExpiresAt: z.string().nullable(),
});
export type PrivacyRequestRow = z.infer<typeof PrivacyRequestRowSchema>;

/** Closing a request: what was done, in words the person is e-mailed. */
export const PrivacyCloseSchema = z.object({
  outcome: z
    .string({ error: 'Say what was done.' })
    .trim()
    .min(3, { error: 'Say what was done.' })
    .max(2000, { error: 'Keep it under 2,000 characters.' }),
});
