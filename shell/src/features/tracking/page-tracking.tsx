import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';
import { ENGAGEMENT_MIN_MS, SCROLL_DEPTHS, SCROLL_THROTTLE_MS } from '@agency/contracts';
import { hostApi } from '../../host-api';
import { startThirdPartyScripts } from './third-party';

const { track } = hostApi;

function scrolledPercent(): number {
  const doc = document.documentElement;
  const scrollable = doc.scrollHeight - window.innerHeight;
  return scrollable <= 0 ? 100 : Math.round((window.scrollY / scrollable) * 100);
}

/**
 * Site-wide tracking (site-and-accounts §7): page view on each route, scroll depth at 25/50/75/100 % (checked at most every
 * 250 ms), time on page when leaving it (only above 1 s), the start of every form and every form submission.
 */
export function PageTracking() {
  const { pathname } = useLocation();

  useEffect(() => startThirdPartyScripts(hostApi.config), []);

  useEffect(() => {
    const formName = (form: HTMLFormElement) => form.getAttribute('aria-label') || form.id || 'form';
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target as HTMLFormElement;
      track({ name: 'form_submit', params: { form: formName(form), path: location.pathname } });
    };
    // A form start is the first thing typed or chosen in a form (leads-and-quoting §7 "form starts"), once per form.
    const started = new WeakSet<HTMLFormElement>();
    const onInput = (e: Event) => {
      const form = (e.target as Partial<HTMLInputElement> | null)?.form;
      if (!form || started.has(form)) return;
      started.add(form);
      track({ name: 'form_start', params: { form: formName(form), path: location.pathname } });
    };
    document.addEventListener('submit', onSubmit, true);
    document.addEventListener('input', onInput, true);
    return () => {
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('input', onInput, true);
    };
  }, []);

  useEffect(() => {
    track({ name: 'page_view', params: { path: pathname, title: document.title } });
    const started = performance.now();
    const reached = new Set<number>();
    let last = Number.NEGATIVE_INFINITY;
    let pending: ReturnType<typeof setTimeout> | undefined;

    const measure = () => {
      last = performance.now();
      pending = undefined;
      const percent = scrolledPercent();
      for (const depth of SCROLL_DEPTHS) {
        if (percent >= depth && !reached.has(depth)) {
          reached.add(depth);
          track({ name: 'scroll_depth', params: { percent: depth, path: pathname } });
        }
      }
    };
    const onScroll = () => {
      if (pending) return;
      const wait = Math.max(0, SCROLL_THROTTLE_MS - (performance.now() - last));
      pending = setTimeout(measure, wait);
    };
    let reported = false;
    const reportEngagement = () => {
      const ms = performance.now() - started;
      if (reported || ms <= ENGAGEMENT_MIN_MS) return;
      reported = true;
      track({ name: 'engagement_time', params: { seconds: Math.round(ms / 1000), path: pathname } });
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', reportEngagement);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', reportEngagement);
      clearTimeout(pending);
      reportEngagement();
    };
  }, [pathname]);

  return null;
}
