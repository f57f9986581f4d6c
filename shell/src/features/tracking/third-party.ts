import {
  consentModeSignals,
  THIRD_PARTY_DELAYS_MS,
  type ConsentChoice,
  type PublicRuntimeConfig,
} from '@agency/contracts';
import { consentStore } from '../consent/consent-store';

function addScript(src: string) {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

/**
 * Google Analytics (gtag.js): the queue exists at once, so events before the script arrives are kept. Consent Mode
 * v2's default (everything denied, waiting for the banner) is the first command, before `config`, and the current
 * choice follows it at once (decision 0095).
 */
function loadAnalytics(id: string, choice: ConsentChoice | null) {
  window.dataLayer ??= [];
  window.gtag ??= function gtag(...args: unknown[]) {
    window.dataLayer!.push(args);
  } as NonNullable<Window['gtag']>;
  window.gtag('consent', 'default', { ...consentModeSignals(null), wait_for_update: 500 });
  window.gtag('consent', 'update', consentModeSignals(choice));
  window.gtag('js', new Date());
  // Page views are sent by the shell on each route change, not by gtag's automatic one.
  window.gtag('config', id, { send_page_view: false });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
}

/** Meta pixel: the standard stub queues calls until fbevents.js takes over. */
function loadPixel(id: string) {
  if (!window.fbq) {
    const fbq = function (...args: unknown[]) {
      fbq.queue!.push(args);
    } as NonNullable<Window['fbq']> & { loaded?: boolean; version?: string; push?: unknown };
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.push = fbq;
    window.fbq = fbq;
  }
  window.fbq('init', id);
  window.fbq('track', 'PageView');
  addScript('https://connect.facebook.net/en_US/fbevents.js');
}

/**
 * Starts the configured third-party scripts after the spec's delays, so they never compete with the first render,
 * and only as far as the visitor's consent goes (decision 0095): gtag.js with analytics or ads consent (Consent Mode
 * tells it which), the Meta pixel with ads consent only. A later choice updates Consent Mode, loads what is now
 * allowed and was not loaded, and revokes the pixel's consent when ads are withdrawn (a script cannot be unloaded;
 * `track` sends it nothing more). With no ids configured nothing external is requested. Returns a cancel function.
 */
export function startThirdPartyScripts(config: Pick<PublicRuntimeConfig, 'analyticsId' | 'pixelId'>): () => void {
  const { analyticsId, pixelId } = config;
  const due = { analytics: false, pixel: false };
  const loaded = { analytics: false, pixel: false };
  let pixelRevoked = false;

  const sync = () => {
    const { choice } = consentStore.get();
    if (analyticsId && due.analytics) {
      if (loaded.analytics) window.gtag?.('consent', 'update', consentModeSignals(choice));
      else if (choice?.analytics || choice?.ads) {
        loaded.analytics = true;
        loadAnalytics(analyticsId, choice);
      }
    }
    if (pixelId && due.pixel) {
      if (!loaded.pixel && choice?.ads) {
        loaded.pixel = true;
        loadPixel(pixelId);
      } else if (loaded.pixel && !choice?.ads && !pixelRevoked) {
        pixelRevoked = true;
        window.fbq?.('consent', 'revoke');
      } else if (loaded.pixel && choice?.ads && pixelRevoked) {
        pixelRevoked = false;
        window.fbq?.('consent', 'grant');
      }
    }
  };
  const after = (which: keyof typeof due, ms: number) =>
    setTimeout(() => {
      due[which] = true;
      sync();
    }, ms);

  const timers: ReturnType<typeof setTimeout>[] = [];
  if (analyticsId) timers.push(after('analytics', THIRD_PARTY_DELAYS_MS.analytics));
  if (pixelId) timers.push(after('pixel', THIRD_PARTY_DELAYS_MS.pixel));
  const unsubscribe = analyticsId || pixelId ? consentStore.subscribe(sync) : () => undefined;
  return () => {
    timers.forEach(clearTimeout);
    unsubscribe();
  };
}
