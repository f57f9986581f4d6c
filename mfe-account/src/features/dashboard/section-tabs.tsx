import * as Tabs from '@radix-ui/react-tabs';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useCallback, useEffect, useRef, useState } from 'react';

const tabClass =
  'whitespace-nowrap rounded-md px-4 py-2 font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow';
const edgeClass = 'absolute inset-y-0 flex w-12 items-center text-slate-700';

/**
 * The dashboard's tab strip (decision 0100). On a screen too narrow for every tab it scrolls sideways inside itself,
 * and says so: the side with tabs out of view fades out under a chevron button that brings the next ones in. The
 * chosen tab is always scrolled into view (a link or a reload may open one at the far end); keyboard focus, moving
 * along the tabs with the arrow keys, scrolls them in too.
 */
export function SectionTabs({
  tabs,
  active,
}: {
  tabs: readonly (readonly [value: string, label: string, ...rest: unknown[]])[];
  active: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHidden((was) => (was.before === before && was.after === after ? was : { before, after }));
  }, []);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [measure]);

  useEffect(() => {
    const el = list.current;
    const tab = el?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!el || !tab) return;
    // Within the strip only: the page itself does not jump.
    const left = tab.offsetLeft - el.offsetLeft;
    if (left < el.scrollLeft) el.scrollLeft = left - 8;
    else if (left + tab.offsetWidth > el.scrollLeft + el.clientWidth)
      el.scrollLeft = left + tab.offsetWidth - el.clientWidth + 8;
    measure();
  }, [active, measure]);

  // Most of a screenful at a time, so the tab cut at the edge comes fully into view.
  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    el.scrollLeft += direction * Math.max(80, el.clientWidth * 0.7);
    measure();
  };

  return (
    <div className="relative">
      <Tabs.List
        ref={list}
        aria-label="Dashboard sections"
        className="flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 [scrollbar-width:none]"
      >
        {tabs.map(([value, label]) => (
          <Tabs.Trigger key={value} value={value} className={tabClass}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {hidden.before && (
        <button
          type="button"
          aria-label="Show earlier sections"
          onClick={() => scroll(-1)}
          className={`${edgeClass} left-0 justify-start rounded-l-lg bg-gradient-to-r from-slate-100 from-50% to-transparent pl-1`}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
      )}
      {hidden.after && (
        <button
          type="button"
          aria-label="Show more sections"
          onClick={() => scroll(1)}
          className={`${edgeClass} right-0 justify-end rounded-r-lg bg-gradient-to-l from-slate-100 from-50% to-transparent pr-1`}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      )}
    </div>
  );
}
