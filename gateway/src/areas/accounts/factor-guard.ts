import { sql } from 'drizzle-orm';
import { passkeys, recoveryCodes, totpFactors, users } from '../../platform/db';

// Conditions for the statements that change an account's factors (decision 0083). Each is a subquery evaluated by
// the very statement that makes the change, so a check and its change cannot be split by a parallel request: three
// DELETEs of one account's last passkeys at once see each other's deletes, and one of them finds no other factor.

/** The account is asked for a second factor after its password: staff always, a client who chose it. */
export const askedForSecondStep = (userId: number) =>
  sql`coalesce((select ${users.role} != 'client' or ${users.secondStepAt} is not null from ${users} where ${users.id} = ${userId}), 0)`;

/** The account has a factor other than the passkey `passkeyId`: another passkey, or a confirmed app. */
export const anotherFactorThan = (userId: number, passkeyId: string) =>
  sql`(exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId} and ${passkeys.id} != ${passkeyId})
    or exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null))`;

/** The account has a factor: a passkey or a confirmed app. */
export const hasFactor = (userId: number) =>
  sql`(exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})
    or exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null))`;

/** The account has recovery codes not yet used: a way in without its passkeys or app. */
export const hasRecoveryCodes = (userId: number) =>
  sql`exists (select 1 from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`;
