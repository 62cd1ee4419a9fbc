import type { RouteOutput } from '../../../shared/api/define-route.ts';
import { changePaymentSessionPlan, createInitPayment } from '../../../shared/api/orders.ts';
import { createInitPlanUpgrade } from '../../../shared/api/upgrades.ts';
import { SITE_CLIENT_TYPE } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { callRoute } from './api-client.ts';

/**
 * The session calls of a payment start (payment-start.ts decides where they lead): open a payment
 * session or an upgrade session for the signed-in account, or store the chosen plan in a session.
 */

/** The pricing and order pages' query that travels with a payment: test mode and the price version. */
export interface PaymentQuery {
  test?: string | undefined;
  priceVersion?: string | undefined;
}

export const isTestQuery = (query: PaymentQuery) => query.test === '1' || query.test === 'true';

/** Opens a payment session for the signed-in account (create-init-payment), with a chosen plan if any. */
export function createPaymentSession(input: {
  idToken: string;
  lang: SiteLanguage;
  planName?: string | undefined;
  query?: PaymentQuery;
}): Promise<RouteOutput<typeof createInitPayment>> {
  return callRoute(
    createInitPayment,
    {
      clientType: SITE_CLIENT_TYPE,
      language: input.lang,
      ...(input.planName ? { planName: input.planName } : {}),
      ...(input.query?.priceVersion ? { priceVersion: input.query.priceVersion } : {}),
    },
    { token: input.idToken },
  );
}

/**
 * Opens the upgrade session of the signed-in account's current subscription (create-init-plan-upgrade),
 * on the chosen plan when the current one may go to it.
 */
export function openUpgradeSession(input: {
  idToken: string;
  lang: SiteLanguage;
  planName?: string | undefined;
}): Promise<RouteOutput<typeof createInitPlanUpgrade>> {
  return callRoute(
    createInitPlanUpgrade,
    {
      clientType: SITE_CLIENT_TYPE,
      language: input.lang,
      ...(input.planName ? { planName: input.planName } : {}),
    },
    { token: input.idToken },
  );
}

/** Stores a plan in a session (the plan-change recompute) and answers the recomputed session. */
export async function choosePlan(input: {
  guid: string;
  planName: string;
  isTest: boolean;
}): Promise<SessionInfo> {
  return (await callRoute(changePaymentSessionPlan, input)).sessionInfo;
}
