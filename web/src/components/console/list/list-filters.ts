import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** How long typing may pause before the filters apply (react-admin waits 500 ms). */
export const FILTER_DEBOUNCE_MS = 400;

export type ListFilterValues = Record<string, string | boolean | undefined>;

/**
 * A list's filters (issue 19): they live in the address (the route's search, so a reload, a shared
 * link and the back button keep them) and apply as the operator types, once typing pauses. The fields
 * show a draft that is ahead of the address while the pause runs; an address changed from elsewhere
 * (back, a link) replaces the draft. Empty fields leave the address.
 */
export function useListFilters<Filters extends ListFilterValues>(
  applied: Filters,
  apply: (filters: Filters) => void,
) {
  const [draft, setDraft] = useState<Filters>(applied);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sent = useRef(JSON.stringify(cleanFilters(applied)));
  const appliedText = JSON.stringify(cleanFilters(applied));
  useEffect(() => {
    if (appliedText === sent.current) return;
    sent.current = appliedText;
    setDraft(JSON.parse(appliedText) as Filters);
  }, [appliedText]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Leaving the list (a row opened, another page) drops a filter still waiting for its pause: applied
  // while the next page loads, it would take the operator back to the list.
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.pathChanged) clearTimeout(timer.current);
      }),
    [router],
  );

  const send = (filters: Filters) => {
    clearTimeout(timer.current);
    const clean = cleanFilters(filters);
    sent.current = JSON.stringify(clean);
    apply(clean);
  };
  return {
    draft,
    /** A field changed: shown at once, applied after the pause. */
    change: <Name extends keyof Filters>(name: Name, value: Filters[Name]) => {
      const next = { ...draft, [name]: value };
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => send(next), FILTER_DEBOUNCE_MS);
    },
    /** Applies the draft now (Enter in a field). */
    applyNow: () => send(draft),
  };
}

/** The filters the address keeps: no empty text, no switched-off flag. */
export function cleanFilters<Filters extends ListFilterValues>(filters: Filters): Filters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== '' && value !== false && value !== undefined),
  ) as Filters;
}
