import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** False in pre-rendered HTML and while hydrating, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
