import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport, once (it stays true). Off the
 * first screen, a video's poster is fetched only then: the home page's three insight
 * posters were fetched at once, beside the app's JavaScript, on a phone's slow link. The
 * prerendered first frame has none (effects do not run there); a browser without
 * IntersectionObserver gets them at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
