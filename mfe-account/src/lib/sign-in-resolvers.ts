import { lazyZodResolver } from '@agency/contracts/ui';

/**
 * The sign-in pages' resolvers (decision 0055): each checks with its contracts schema, fetched with zod in one chunk
 * when first needed. A form calls `preload` when the visitor first reaches it, so the chunk is in by the submit.
 */
const schemas = () => import('./sign-in-schemas');

export const loginResolver = lazyZodResolver(() => schemas().then((m) => m.LoginSchema));
export const registerResolver = lazyZodResolver(() => schemas().then((m) => m.RegisterSchema));
export const forgotPasswordResolver = lazyZodResolver(() => schemas().then((m) => m.ForgotPasswordSchema));
export const newPasswordResolver = lazyZodResolver(() => schemas().then((m) => m.NewPasswordSchema));
