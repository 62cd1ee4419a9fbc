import { useClientValue } from './client-value.ts';

const yes = () => true;

/** False in pre-rendered HTML and while hydrating, true afterwards. */
export function useHydrated(): boolean {
  return useClientValue(yes, false);
}
