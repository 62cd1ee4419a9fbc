import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import { paymentSessionKey } from '../../../lib/payment-cache.ts';

/**
 * A recompute of the session (plan, currency, account type, coupon): the server's answer replaces the
 * cached session, so every section shows the server's figures at once. When nothing comes back
 * (the call failed), nothing changes.
 */
export function useSessionChange<Input>(
  guid: string,
  isTest: boolean,
  change: (input: Input & { guid: string; isTest: boolean }) => Promise<SessionInfo>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => change({ ...input, guid, isTest }),
    onSuccess: (sessionInfo) => queryClient.setQueryData(paymentSessionKey(guid, isTest), sessionInfo),
  });
}
