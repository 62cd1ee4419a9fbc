import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import { createInitPlanUpgrade, upgradeRecurrentNaverPay } from '../../../../../shared/api/upgrades.ts';
import { SITE_CLIENT_TYPE } from '../../../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { writePaymentSession } from '../../pricing/payment-session.ts';

/**
 * Opens the upgrade session of the signed-in account (create-init-plan-upgrade) and keeps it in the tab
 * by guid, so that the upgrade pricing page can disable the plans the current one cannot go to.
 */
export async function openUpgradeSession(input: {
  idToken: string;
  lang: SiteLanguage;
  planName?: string | undefined;
}): Promise<RouteOutput<typeof createInitPlanUpgrade>> {
  const answer = await callRoute(
    createInitPlanUpgrade,
    {
      clientType: SITE_CLIENT_TYPE,
      language: input.lang,
      ...(input.planName ? { planName: input.planName } : {}),
    },
    { token: input.idToken },
  );
  writePaymentSession(answer.guid, answer.sessionInfo);
  return answer;
}

export const fetchWalletUpgrade = (input: {
  guid: string;
  merchantUid: string;
  price: number;
  isTest: boolean;
}) => callRoute(upgradeRecurrentNaverPay, input);
