import { THIRD_PARTY_DELAYS_MS, type PublicRuntimeConfig } from '@agency/contracts';

function addScript(src: string) {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

/** Google Analytics (gtag.js): the queue exists at once, so events before the script arrives are kept. */
function loadAnalytics(id: string) {
  window.dataLayer ??= [];
  window.gtag ??= function gtag(...args: unknown[]) {
    window.dataLayer!.push(args);
  } as NonNullable<Window['gtag']>;
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
 * Starts the configured third-party scripts after the spec's delays, so they never compete with the first
 * render. With no ids configured nothing external is requested. Returns a cancel function.
 */
export function startThirdPartyScripts(config: Pick<PublicRuntimeConfig, 'analyticsId' | 'pixelId'>): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const { analyticsId, pixelId } = config;
  if (analyticsId) timers.push(setTimeout(() => loadAnalytics(analyticsId), THIRD_PARTY_DELAYS_MS.analytics));
  if (pixelId) timers.push(setTimeout(() => loadPixel(pixelId), THIRD_PARTY_DELAYS_MS.pixel));
  return () => timers.forEach(clearTimeout);
}
