import { queryOptions, useQuery } from '@tanstack/react-query';
import { isTestQuery, paymentSessionKey } from '../../../lib/payment-cache.ts';

/**
 * The upgrade session an upgrade pricing page was opened with (`?guid=` of create-init-plan-upgrade,
 * from the app or the payment-start sign-in), read from the server like every session: its plan
 * upgrade data decides which plans are disabled; the payment start that led here left it in the cache.
 * The order code that reads it loads only here, so the pricing page ships none of it.
 */
export const upgradeSessionQuery = (guid: string, test: string | undefined) =>
  queryOptions({
    queryKey: paymentSessionKey(guid, isTestQuery({ test })),
    queryFn: async () => {
      const { fetchPaymentSessionInfo } = await import('../../checkout/api/get-payment-session-info.ts');
      return fetchPaymentSessionInfo(guid, isTestQuery({ test }));
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * The plan upgrade data of the page's session and the currency it is priced in (an upgrade is paid in its
 * plan's currency, whatever the page's language); pending while it loads, absent without a session.
 */
export function useUpgradeData(upgrading: boolean, guid: string | undefined, test: string | undefined) {
  const query = useQuery({ ...upgradeSessionQuery(guid ?? '', test), enabled: upgrading && Boolean(guid) });
  return {
    upgradeData: query.data?.planUpgradeData,
    currency: query.data?.planUpgradeData ? query.data.currency : undefined,
    pending: query.isLoading,
  };
}
