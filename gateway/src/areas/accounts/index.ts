// What the rest of the gateway may use of the accounts area (decision 0092); written by scripts/gateway-areas.mjs.
export { accountSecurityApi } from './account-security';
export { adminUsersApi } from './admin-users';
export { authApi } from './auth';
export { CreateAdminError, createMasterAdmin } from './create-admin';
export { deviceCookies } from './device-cookie';
export { sameUsername } from './identity';
export { passkeyCeremonies } from './passkeys';
export { hashPassword } from './passwords';
export { resetSecondFactors } from './reset-factors';
export { secondFactorApi } from './second-factor';
export { signInFlow } from './sign-in-flow';
export { countersOfAccount, signInThrottle } from './sign-in-throttle';
export { base32, totpFactorsOf } from './totp';
