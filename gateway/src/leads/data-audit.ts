import { dataAudit, type Db } from '../db';

export interface Actor {
  userId: number | null;
  name: string;
}

export const RETENTION_JOB: Actor = { userId: null, name: 'retention job' };
export const REQUESTER: Actor = { userId: null, name: 'the requester' };

/**
 * The audit row of a step taken with personal data (decision 0066). `subject` names a record (`enquiry #12`,
 * `privacy request #3`) and `detail` says what was done: neither ever holds the data itself, so erasing a person
 * leaves the record that it was done and nothing of them.
 */
export const auditRow = (actor: Actor, action: string, subject: string, detail = '') => ({
  userId: actor.userId,
  actor: actor.name,
  action,
  subject,
  detail,
});

export async function audit(db: Db, actor: Actor, action: string, subject: string, detail = '') {
  await db.insert(dataAudit).values(auditRow(actor, action, subject, detail));
}
