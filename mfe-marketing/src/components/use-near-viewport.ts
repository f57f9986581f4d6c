import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and stays true). Starts true when `eager`,
 * and where IntersectionObserver is missing, so content is never withheld.
 */
export function useNearViewport<T extends Element>({
  margin,
  threshold = 0,
  eager = false,
}: {
  margin: string;
  threshold?: number;
  eager?: boolean;
}) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(eager);

  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin, threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin, threshold]);

  return [ref, near] as const;
}
