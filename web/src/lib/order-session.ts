import type { RouteOutput } from '../../../shared/api/define-route.ts';
import { changePaymentSessionPlan, startPayment } from '../../../shared/api/orders.ts';
import { SITE_CLIENT_TYPE } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { callRoute } from './api-client.ts';
import { isTestQuery, type PaymentQuery } from './payment-cache.ts';

/**
 * The session calls of a payment start (payment-start.ts decides where they lead): start a payment (a
 * payment session or an upgrade session) for the signed-in account, or store the chosen plan in a session.
 * The order routes' definitions import payment-cache.ts, not this module: its route calls carry zod,
 * which the landing's entry chunk must not load (the site's JavaScript budget; zod's eval probe).
 */

/**
 * The site's payment start for the signed-in account (start-payment): a payment session on the chosen plan
 * with everything its order page shows, or the upgrade session of an account holding a subscription.
 */
export function startPaymentSession(input: {
  idToken: string;
  lang: SiteLanguage;
  planName?: string | undefined;
  query?: PaymentQuery;
}): Promise<RouteOutput<typeof startPayment>> {
  return callRoute(
    startPayment,
    {
      clientType: SITE_CLIENT_TYPE,
      language: input.lang,
      isTest: isTestQuery(input.query ?? {}),
      ...(input.planName ? { planName: input.planName } : {}),
      ...(input.query?.priceVersion ? { priceVersion: input.query.priceVersion } : {}),
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
