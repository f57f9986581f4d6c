import type { AuditActor, AuditEntry } from './record';

/**
 * An audit entry of a step taken with personal data (decisions 0066, 0103): `subject` names a record (`enquiry` 12,
 * `privacy request` 3) and `detail` says what was done: neither ever holds the data itself, so erasing a person
 * leaves the record that it was done and nothing of them. Written with `audit()` like every other area's.
 */
export const privacyStep = (
  actor: AuditActor,
  action: string,
  subject: { type: string; id?: number },
  detail = '',
): AuditEntry => ({ area: 'privacy', actor, action, subject, detail });
