import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The upgrade session an upgrade pricing page was opened with (`?guid=` of create-init-plan-upgrade,
 * from the app or the payment-start sign-in), read from the server like every session: its plan
 * upgrade data decides which plans are disabled. The order code that reads it loads only here, so the
 * pricing page ships none of it.
 */
export const upgradeSessionQuery = (guid: string, test: string | undefined) =>
  queryOptions({
    queryKey: ['upgrade-pricing-session', guid, test ?? ''],
    queryFn: async () => {
      const [{ fetchPaymentSessionInfo }, { isTestQuery }] = await Promise.all([
        import('../../checkout/api/get-payment-session-info.ts'),
        import('../../../lib/order-session.ts'),
      ]);
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
