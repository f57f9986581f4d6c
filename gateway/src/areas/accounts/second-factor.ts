import { and, eq, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import QRCode from 'qrcode';
import { endpoints } from '@agency/contracts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { accountNotices } from './account-notices';
import { DISABLED_ACCOUNT } from './identity';
import type { PasskeyCeremonies } from './passkeys';
import { hashToken } from '../../platform/sessions/session-store';
import { publicUser, type AuthEnv } from '../../platform/http/guards/session';
import type { Auth } from '../../platform/sessions/sessions';
import type { SignInFlow } from './sign-in-flow';
import type { SignInThrottle } from './sign-in-throttle';
import { isAppCode, type TotpFactors } from './totp';
import { users } from '../../platform/db';
import { addressLimit } from '../../platform/http/limit';
import { LIMITS, type RateLimiter } from '../../platform/http/rate-limit';
import { actorOf, audit } from '../../platform/audit/record';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

const NOT_SIGNING_IN = 'Sign in with your username and password first.';
const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code, or a recovery code.';
const USED_CODE = 'That code was used already. Wait for the next code from your app.';
const PASSKEY_FAILED = 'That passkey could not be checked. Try again, or sign in another way.';

/** The 429's words for one more code past the account's, the device's or the address's limit. */
const codesWords = (wait: string) => `Too many codes. Try again ${wait}.`;

/**
 * The second step of a sign-in, and the step-up of a signed-in session (decision 0061): setting up the app, a code
 * (app or recovery), a passkey (decision 0062). Every code counts against the account's code lock, with the device
 * rule of sign-in, so a stranger with the password cannot lock the owner's own browsers out: the code routes' limit
 * (`signIns.codes`, decision 0111) finds the sign-in step and counts the code before its handler runs.
 */
export function secondFactorApi(
  deps: ApiDeps & {
    auth: Auth;
    limiter: RateLimiter;
    signIns: SignInThrottle;
    flow: SignInFlow;
    totp: TotpFactors;
    passkeys: PasskeyCeremonies;
  },
) {
  const { db, env, auth, limiter, signIns, flow, totp, passkeys } = deps;
  const tell = accountNotices(deps);
  const bad = (c: Context, field: string, message: string) => c.json({ message, errors: { [field]: message } }, 400);
  const notSigningIn = (c: Context) => c.json({ message: NOT_SIGNING_IN }, 401);
  const passkeyStarts = addressLimit(
    limiter,
    env.trustedProxies,
    'passkey',
    LIMITS.passkeyOptionsPerIp,
    (wait) => `Too many passkey sign-ins from your network. Please try again ${wait}.`,
  );

  // A passwordless start stores a challenge row for anyone who asks: counted per address. The others are an account's.
  const passwordlessLimit: MiddlewareHandler<AuthEnv> = async (c, next) =>
    flow.current(c) ? next() : passkeyStarts(c, next);

  /**
   * Setting up an app is open to a pending sign-in only when the account has no factor at all (a password must not
   * add a factor to an account that has one), and to a signed-in account that has no app yet.
   */
  async function mayEnrol(c: Context<AuthEnv>) {
    const step = flow.current(c);
    if (!step) return null;
    if (step.pending && (await flow.owed(step.user))?.secondFactor !== 'enrol') return null;
    return step;
  }

  /** After a factor was proved: the pending sign-in completes, or the signed-in session's step-up is renewed. */
  async function proved(c: Context<AuthEnv>, step: NonNullable<ReturnType<SignInFlow['current']>>) {
    // A pending sign-in began with the password, so the full session proved both.
    if (step.pending) return flow.complete(c, step.user, { secondFactor: true, password: true });
    await auth.proveSecondFactor(step.session.id, new Date());
    return publicUser(step.user);
  }

  // Each code route's limit finds its step: the app's confirmation only where setting one up is open.
  const confirmCodes = signIns.codes(mayEnrol, codesWords);
  const signInCodes = signIns.codes((c) => flow.current(c), codesWords);

  return endpointRoutes()
    .on(endpoints.pendingSignIn, async (c) => {
      const pending = c.get('pending');
      // A client whose second step was turned off meanwhile owes nothing: they sign in again with the password.
      return c.json(pending ? await flow.owed(pending.user) : null);
    })

    .on(endpoints.totpSetup, async (c) => {
      const step = await mayEnrol(c);
      if (!step) return notSigningIn(c);
      const replace = c.req.valid('query').replace === '1';
      const setup = await totp.begin(step.user.id, step.user.username, hashToken(step.session.id), { replace });
      if (!setup) return c.json({ message: 'This account already has an authenticator app.' }, 409);
      const qrCode = await QRCode.toDataURL(setup.uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return c.json({ ...setup, qrCode });
    })

    .on(endpoints.totpConfirm, { afterInput: confirmCodes.limit }, async (c) => {
      const step = confirmCodes.step(c);
      if (!step) return notSigningIn(c);
      const attempt = confirmCodes.attempt(c);
      const { code } = c.req.valid('json');
      const check = await totp.checkCode(step.user.id, code.replace(/\s/g, ''), { confirming: true });
      if (check !== 'accepted') {
        attempt.failed();
        return bad(c, 'code', check === 'used' ? USED_CODE : WRONG_CODE);
      }
      const { user } = step;
      // The codes come with the app, and are recorded with it. A client who sets up an app chose a second step.
      const recoveryCodes = (await totp.newRecoveryCodes(user.id, {
        alongside: [
          ...(user.role === 'client'
            ? [
                db
                  .update(users)
                  .set({ secondStepAt: new Date() })
                  .where(and(eq(users.id, user.id), isNull(users.secondStepAt))),
              ]
            : []),
          audit(db, {
            area: 'accounts',
            actor: actorOf(user),
            subject: { type: 'account', id: user.id },
            action: 'update',
            before: { username: user.username, authenticatorApp: 'none' },
            after: { username: user.username, authenticatorApp: 'set up', recoveryCodes: 'ten new codes' },
          }),
        ],
      }))!;
      await attempt.succeeded();
      const signedIn = await proved(c, step);
      await tell(user, { kind: 'app-added' });
      return c.json({ recoveryCodes, user: signedIn });
    })

    .on(endpoints.secondFactor, { afterInput: signInCodes.limit }, async (c) => {
      const step = signInCodes.step(c);
      if (!step) return notSigningIn(c);
      const attempt = signInCodes.attempt(c);
      const { code } = c.req.valid('json');
      const check = isAppCode(code)
        ? await totp.checkCode(step.user.id, code.replace(/\s/g, ''))
        : (await totp.useRecoveryCode(step.user.id, code))
          ? 'accepted'
          : 'wrong';
      if (check !== 'accepted') {
        attempt.failed();
        return bad(c, 'code', check === 'used' ? USED_CODE : WRONG_CODE);
      }
      await attempt.succeeded();
      return c.json(await proved(c, step));
    })

    .on(endpoints.passkeyOptions, { beforeInput: [passwordlessLimit] }, async (c) => {
      const step = flow.current(c);
      if (step && (await passkeys.keysOf(step.user.id)).length === 0)
        return c.json({ message: 'This account has no passkey yet.' }, 409);
      return c.json(await passkeys.authenticationOptions(step?.user.id ?? null));
    })

    .on(endpoints.passkeySignIn, async (c) => {
      const step = flow.current(c);
      const response = c.req.valid('json').response as unknown as AuthenticationResponseJSON;
      const userId = await passkeys.authenticate(step?.user.id ?? null, response);
      if (userId === null) return bad(c, 'passkey', PASSKEY_FAILED);
      if (step) return c.json(await proved(c, step));
      // Passwordless: the passkey, checked with its owner's PIN or fingerprint, is two factors by itself.
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return bad(c, 'passkey', PASSKEY_FAILED);
      // Refused as a password sign-in is (decision 0064), and before any session or "new sign-in" e-mail.
      if (user.disabledAt) return c.json({ message: DISABLED_ACCOUNT }, 403);
      const signedIn = await flow.complete(c, user, { secondFactor: true, password: false });
      return c.json(signedIn);
    }).app;
}
