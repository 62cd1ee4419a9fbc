import { registerPaymentSessionCoupon } from '../../../../../shared/api/orders.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { useSessionChange } from '../../checkout/index.ts';

/** Coupon registration {guid, code, planName}: the session takes the coupon (and that plan). */
export const useRegisterCoupon = (guid: string, isTest: boolean) =>
  useSessionChange<{ code: string; planName: string }>(
    guid,
    isTest,
    async (input) => (await callRoute(registerPaymentSessionCoupon, input)).sessionInfo,
  );
