import { useSyncExternalStore } from 'react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { endpoints, type SignedIn } from '@agency/contracts';
import { call } from '@agency/contracts/client';

type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

/**
 * Whether a host name can be a WebAuthn relying party's id: a domain (or localhost), never an IP address such as
 * 127.0.0.1 or [::1], where every browser refuses to make or use a passkey ("... is an invalid domain").
 */
export const isPasskeyHost = (hostname: string) =>
  hostname !== '' && !/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) && !hostname.includes(':') && !hostname.startsWith('[');

/** Whether this page's address is one passkeys cannot work on (it is an IP address). */
export const passkeysBlockedByAddress = () => typeof window !== 'undefined' && !isPasskeyHost(window.location.hostname);

/** Whether passkeys can work here at all: a browser with WebAuthn, at a domain (the buttons are not offered otherwise). */
export const passkeysAvailable = () =>
  typeof window !== 'undefined' && 'PublicKeyCredential' in window && isPasskeyHost(window.location.hostname);

const subscribeNever = () => () => {};

/**
 * passkeysAvailable() for a server-rendered form (the sign-in page): the server renders the passkey button (every
 * current browser has WebAuthn), so hydration finds the markup it rendered; a browser without it drops the button
 * in the render after.
 */
export const usePasskeysAvailable = () => useSyncExternalStore(subscribeNever, passkeysAvailable, () => true);

/**
 * A passkey assertion (decision 0062): signs in without a password, completes a sign-in that owes its second
 * factor, or renews a signed-in session's step-up; the gateway tells which from the session it sees.
 */
export async function signInWithPasskey(): Promise<SignedIn> {
  const options = await call(endpoints.passkeyOptions);
  const response = await startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions });
  return call(endpoints.passkeySignIn, { body: { response: { ...response } } });
}

/** Registers a new passkey of this browser's authenticator under `name`. */
export async function registerPasskey(name: string) {
  const options = await call(endpoints.passkeyRegistrationOptions);
  const response = await startRegistration({ optionsJSON: options as unknown as RegistrationOptions });
  return call(endpoints.addPasskey, { body: { name, response: { ...response } } });
}

/** A browser's own refusal (the person closed the prompt) reads as a sentence, not a DOMException's name. */
export function passkeyErrorText(error: unknown, fallback: string): string {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return 'The passkey prompt was closed or timed out. Please try again.';
  return error instanceof Error && error.message ? error.message : fallback;
}
