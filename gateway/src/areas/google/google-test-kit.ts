// Set-up shared by the google area's tests: a gateway over a throwaway libSQL file, pointed at a running stand-in.
import { startGoogleStandIn, type GoogleStandIn } from '../../../testing/google-stand-in';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import type { Logger } from '../../platform/logger';

export type Kit = Awaited<ReturnType<typeof googleKit>>;
export type Account = Awaited<ReturnType<typeof signedIn>>;

let n = 0;

export async function googleKit(extraEnv: Record<string, string> = {}, logger?: Logger) {
  const standIn: GoogleStandIn = await startGoogleStandIn();
  const t = await setupApp({ ...standIn.env, LOG_LEVEL: 'silent', ...extraEnv }, logger ? { logger } : {});
  const account = (role: 'client' | 'admin') => signedIn(t.app, t.db, role, `${role}-g${++n}`);

  /** The consent page at the stand-in (real HTTP), and the address its "Allow" or "Cancel" link sends back to. */
  async function consent(authorizeUrl: string, choice: 'Allow' | 'Cancel' = 'Allow') {
    const page = await (await fetch(authorizeUrl)).text();
    const href = new RegExp(`<a href="([^"]+)">${choice}</a>`).exec(page)?.[1]?.replaceAll('&amp;', '&');
    if (!href) throw new Error(`no ${choice} link on the consent page: ${page}`);
    return new URL(href);
  }

  /** Connect, consent, and hand what came back to the callback, as the dashboard does. */
  async function connect(staff: Account, clientId: number, choice: 'Allow' | 'Cancel' = 'Allow') {
    const started = await staff.b.post(`/api/admin/clients/${clientId}/google/connect`);
    if (started.status !== 200) throw new Error(`connect answered ${started.status}: ${started.text}`);
    const back = await consent(started.json.authorizeUrl as string, choice);
    const body = Object.fromEntries(
      ['state', 'code', 'error'].flatMap((k) => {
        const v = back.searchParams.get(k);
        return v ? [[k, v]] : [];
      }),
    );
    return { back, body, answer: await staff.b.post('/api/admin/google/callback', body) };
  }

  return {
    t,
    standIn,
    account,
    consent,
    connect,
    cleanup: async () => {
      await t.cleanup();
      await standIn.stop();
    },
  };
}
