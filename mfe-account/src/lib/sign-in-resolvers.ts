import { lazyResolver } from '@agency/contracts/ui';

/**
 * The sign-in pages' resolvers (decision 0055): each checks with its contracts schema, fetched with zod in one chunk
 * when first needed. A form calls `preload` when the visitor first reaches it, so the chunk is in by the submit.
 */
const checks = () => import('./sign-in-checks');

export const loginResolver = lazyResolver(() => checks().then((m) => m.login));
export const registerResolver = lazyResolver(() => checks().then((m) => m.register));
export const forgotPasswordResolver = lazyResolver(() => checks().then((m) => m.forgotPassword));
export const newPasswordResolver = lazyResolver(() => checks().then((m) => m.newPassword));
