import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';

/**
 * A page loaded by federation renders after the browser tried to scroll to `#id`, and the shell scrolls to
 * the top on navigation; so once the content exists (`contentVersion` changes when it arrives), scroll to the
 * target named in the URL.
 *
 * On the document's own entry (key "default": the first load, or a plain `#id` link followed in it) a page
 * already scrolled with the target in view was placed by the browser or by the visitor; scrolling again would
 * move it under a pointer about to click. A page still at the top, or one whose target the content arriving
 * since has pushed out of view, is moved.
 */
const inView = (element: Element) => {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
};

export function useHashScroll(contentVersion: unknown = null) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    if (key === 'default' && window.scrollY > 0 && inView(target)) return;
    target.scrollIntoView({ block: 'start' });
  }, [hash, key, contentVersion]);
}
