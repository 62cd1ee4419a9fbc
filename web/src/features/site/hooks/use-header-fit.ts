import { type RefObject, useEffect } from 'react';
import { MOBILE_HEADER_QUERY } from '../../../lib/use-media-query.ts';

/**
 * What the desktop header drops, in this order, when its entries do not fit its width. The width
 * rules of the style sheet (the tablet widths of section 2) come first; these cover what they cannot
 * know: the words of each language, the Safari texts of the calls to action ("Try online (best in
 * Chrome)" is about 80 px wider than "Try it online"), the account menu that replaces Log in. Pricing,
 * the menus and the account or login entry never give way: the mobile menu takes over under 880 px.
 */
const HEADER_GIVES_WAY = ['links', 'second-call', 'language', 'notice', 'calls'] as const;

/** Whether the main menu's entries run past the menu's own box (under the entries to its right). */
function overflows(inner: HTMLElement): boolean {
  const nav = inner.querySelector('.header-nav');
  const last = inner.querySelector('.header-menus > li:last-child');
  if (!nav || !last) return false;
  const actions = inner.querySelector('.header-actions');
  const limit = Math.min(
    nav.getBoundingClientRect().right,
    actions?.getBoundingClientRect().left ?? Number.POSITIVE_INFINITY,
  );
  return last.getBoundingClientRect().right > limit + 0.5 || inner.scrollWidth > inner.clientWidth + 0.5;
}

/**
 * Drops the fewest of HEADER_GIVES_WAY that make the header fit, as `data-gives-way` on its box; none
 * under the mobile menu's width, where the header shows only the logo, the calls and the menu button.
 */
function fitHeader(inner: HTMLElement): void {
  const mobile = window.matchMedia(MOBILE_HEADER_QUERY).matches;
  for (let count = 0; count <= HEADER_GIVES_WAY.length; count++) {
    const dropped = HEADER_GIVES_WAY.slice(0, count).join(' ');
    if (dropped) inner.dataset.givesWay = dropped;
    else delete inner.dataset.givesWay;
    if (mobile || !overflows(inner)) return;
  }
}

/**
 * Keeps the header fitting as its width or its entries change (a language, a sign-in, the Safari
 * texts after hydration). Measured in the frame after a change: fitting inside the observer's own
 * callback would resize what it observes and end in the browser's "ResizeObserver loop" error.
 */
export function useHeaderFit(inner: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = inner.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => fitHeader(box));
    });
    observer.observe(box);
    for (const part of box.querySelectorAll('.header-menus, .header-actions')) observer.observe(part);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [inner]);
}
