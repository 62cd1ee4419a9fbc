import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CheckoutSettings, getCheckoutSettings } from '../../../../../shared/api/payment-provider.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** Where this deployment takes a customer to pay (the provider's SDK, or the local sandbox). */
export function fetchCheckoutSettings(): Promise<CheckoutSettings> {
  return callRoute(getCheckoutSettings, {});
}

export const checkoutSettingsQuery = () =>
  queryOptions({
    queryKey: ['checkout-settings'],
    queryFn: fetchCheckoutSettings,
    // Fixed for a deployment: asked once per page load.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCheckoutSettings = () => useQuery(checkoutSettingsQuery());
