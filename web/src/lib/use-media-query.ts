import { useCallback } from 'react';
import { useClientValue } from './client-value.ts';

/** Whether a media query matches; false in pre-rendered HTML and while hydrating. */
export function useMediaQuery(query: string): boolean {
  const read = useCallback(() => window.matchMedia(query).matches, [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useClientValue(read, false, subscribe);
}

/** The mobile layout (section 9: breakpoint 768). */
export const MOBILE_QUERY = '(max-width: 767px)';
/** The header's mobile menu (section 9: under 880). */
export const MOBILE_HEADER_QUERY = '(max-width: 879px)';
