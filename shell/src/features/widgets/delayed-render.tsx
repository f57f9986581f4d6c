import { useEffect, useState, type ReactNode } from 'react';

/** site-and-accounts §9: the delayed-render helper; children appear after `delayMs` (default 2000 ms). */
export function DelayedRender({ delayMs = 2000, children }: { delayMs?: number; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown ? children : null;
}
