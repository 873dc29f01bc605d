import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true once the element is within `margin` of the viewport and stays true, so heavy
 * work (a download, a WebGL context) starts just before the player scrolls to it, not before.
 * Without IntersectionObserver it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = ref.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
