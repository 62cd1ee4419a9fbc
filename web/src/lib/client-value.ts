import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the pre-rendered document is being hydrated: from main.tsx's hydrateRoot until the first
 * navigation. Renders then must match the HTML, so they see what the pre-renderer saw.
 */
let hydratingDocument = false;

export function startDocumentHydration(): void {
  hydratingDocument = true;
}

export function endDocumentHydration(): void {
  hydratingDocument = false;
}

/**
 * A value only the browser knows (the device, a media query, that the page is hydrated). The server
 * and the render that hydrates the HTML see `serverValue`; the browser's answer follows as a
 * transition, which React renders in slices (useSyncExternalStore would re-render every such
 * component in one synchronous task right after hydration: issue 18's blocking time). A page
 * rendered in the browser after a navigation sees the answer at once. `read` and `subscribe` must be
 * stable (module-level or memoised): a new one subscribes again.
 */
export function useClientValue<T>(
  read: () => T,
  serverValue: T,
  subscribe?: (onChange: () => void) => () => void,
): T {
  const [value, setValue] = useState(() =>
    typeof window === 'undefined' || hydratingDocument ? serverValue : read(),
  );
  useEffect(() => {
    const current = read();
    startTransition(() => setValue(() => current));
    return subscribe?.(() => setValue(() => read()));
  }, [read, subscribe]);
  return value;
}
