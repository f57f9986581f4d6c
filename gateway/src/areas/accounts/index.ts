// What the rest of the gateway may use of the accounts area (decision 0092); written by scripts/gateway-areas.mjs.
export { accountsArea } from './area';
export { CreateAdminError, createMasterAdmin } from './create-admin';
export { sameUsername } from './identity';
export { hashPassword } from './passwords';
export { resetSecondFactors } from './reset-factors';
export { countersOfAccount } from './sign-in-throttle';
export { base32, totpFactorsOf } from './totp';
