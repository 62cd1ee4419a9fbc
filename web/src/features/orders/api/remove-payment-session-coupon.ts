import { removePaymentSessionCoupon } from '../../../../../shared/api/orders.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { useSessionChange } from '../../checkout/index.ts';

export const useRemoveCoupon = (guid: string, isTest: boolean) =>
  useSessionChange<Record<never, never>>(
    guid,
    isTest,
    async (input) => (await callRoute(removePaymentSessionCoupon, input)).sessionInfo,
  );
