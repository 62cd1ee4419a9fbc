import { type ClientInfo, clientInfo, UNKNOWN_CLIENT } from '../../../lib/browser.ts';
import { useClientValue } from '../../../lib/client-value.ts';

let cached: ClientInfo | undefined;
const read = () => {
  cached ??= clientInfo(navigator, globalThis as unknown as Record<string, unknown>);
  return cached;
};

/**
 * The visitor's device. Pre-rendered HTML and the render that hydrates it see UNKNOWN_CLIENT (so the
 * markup matches); React then re-renders with the real answer.
 */
export function useClientInfo(): ClientInfo {
  return useClientValue(read, UNKNOWN_CLIENT);
}
