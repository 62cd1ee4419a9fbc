import type { RouteOutput } from '../../../shared/api/define-route.ts';
import { changePaymentSessionPlan, createInitPayment } from '../../../shared/api/orders.ts';
import { SITE_CLIENT_TYPE } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { callRoute } from './api-client.ts';

/**
 * The way into an order page, shared by the payment-start sign-in (auth feature) and the pricing
 * page's start button (orders feature): open a payment session or store the chosen plan in it, then
 * go to the order page of that plan's kind.
 */

/** The pricing and order pages' query that travels with a payment: test mode and the price version. */
export interface PaymentQuery {
  test?: string | undefined;
  priceVersion?: string | undefined;
}

export const isTestQuery = (query: PaymentQuery) => query.test === '1' || query.test === 'true';

/** The order page of a session: subscription or fixed-term by the session's plan, with the guid. */
export function orderPagePath(
  lang: SiteLanguage,
  sessionInfo: SessionInfo,
  query: PaymentQuery = {},
): string {
  const page = sessionInfo.planPriceInfo.isSubscription ? 'subscription' : 'fixedterm';
  const search = new URLSearchParams({ guid: sessionInfo.guid });
  if (query.test) search.set('test', query.test);
  if (query.priceVersion) search.set('priceVersion', query.priceVersion);
  return `/${lang}/payment/order/${page}?${search}`;
}

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

/** Stores a plan in a session (the plan-change recompute) and answers the recomputed session. */
export async function choosePlan(input: {
  guid: string;
  planName: string;
  isTest: boolean;
}): Promise<SessionInfo> {
  return (await callRoute(changePaymentSessionPlan, input)).sessionInfo;
}
