import { type RefObject, useEffect, useState } from 'react';

/** Which sides of a scrolling box have more content out of view (a pixel of rounding is none). */
export interface SideScroll {
  left: boolean;
  right: boolean;
}

/**
 * Follows a box that may scroll sideways: whether content is hidden to its left or right, as it scrolls
 * and as it or its content is resized (ResizeObserver), so that the table can show where more is.
 */
export function useSideScroll(box: RefObject<HTMLElement | null>): SideScroll {
  const [sides, setSides] = useState<SideScroll>({ left: false, right: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setSides((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    if (element.firstElementChild) resized.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [box]);
  return sides;
}
