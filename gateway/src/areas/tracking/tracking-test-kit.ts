// Set-up shared by the tracking area's tests: a gateway over a throwaway libSQL file, pointed at the ad platforms'
// stand-in (real HTTP), with its log lines kept for reading.
import { startAdPlatformsStandIn, type AdPlatformsStandIn } from '../../../testing/ad-platforms-stand-in';
import { browser } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { createLogger } from '../../platform/logger';

export const CONSENT = { all: 'v1.a1.m1', adsOnly: 'v1.a0.m1', analyticsOnly: 'v1.a1.m0', none: 'v1.a0.m0' };
export const FBP = 'fb.1.1764400000000.1234567890';
export const GA = { clientId: '1234567890.1764400000', sessionId: '1764400123' };

export async function trackingKit(extraEnv: Record<string, string> = {}, standIn?: AdPlatformsStandIn) {
  const stand = standIn ?? (await startAdPlatformsStandIn());
  const lines: string[] = [];
  const logger = createLogger('info', (line) => lines.push(line));
  const t = await setupApp({ ...stand.env, ...extraEnv }, { logger });
  let n = 0;

  /** A conversion as the quoting remote sends it, from a browser with `cookie`. */
  async function convert(cookie: string | null, body: Record<string, unknown> = {}) {
    const b = browser(t.app);
    const res = await b.post(
      '/api/conversions/track-event',
      {
        eventType: 'lead',
        eventId: `evt-${Date.now()}-${++n}`,
        eventSourceUrl: `${t.env.publicConfig.publicOrigin}/contact`,
        ga: GA,
        userData: { email: ' Aroha.Ngata@Example.NZ ', firstName: ' Aroha ', phone: '021 123 4567' },
        customData: { contentName: 'Contact form', value: 1 },
        ...body,
      },
      {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Test',
        ...(cookie === null ? {} : { cookie: `agency_consent=${cookie}; _fbp=${FBP}` }),
      },
    );
    if (res.status !== 201) throw new Error(`track-event answered ${res.status}: ${res.text}`);
    return res;
  }

  return {
    t,
    standIn: stand,
    lines,
    convert,
    cleanup: async () => {
      await t.cleanup();
      if (!standIn) await stand.stop();
    },
  };
}
