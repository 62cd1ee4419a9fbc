import { removePaymentSessionCoupon } from '../../../../../shared/api/orders.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { useSessionChange } from '../hooks/use-session-change.ts';

export const useRemoveCoupon = (guid: string, isTest: boolean) =>
  useSessionChange<Record<never, never>>(
    guid,
    isTest,
    async (input) => (await callRoute(removePaymentSessionCoupon, input)).sessionInfo,
  );
