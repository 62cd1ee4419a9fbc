import type { SiteLanguage } from '../../../shared/languages.ts';
import { ApiError } from './api-client.ts';
import type { PaymentQuery } from './order-session.ts';

/**
 * Where a payment start leads (site-and-payments.md sections 2 and 4), decided here and nowhere else:
 * the pricing page's start button, the payment-start sign-in and the result pages' way back all ask
 * this module. A visitor without a session signs in first (the payment-start variant of the modal,
 * carrying the plan); after the sign-in a new customer goes to the order page of the chosen plan, a
 * subscriber to the upgrade pages and a pass holder is stopped; with a session the chosen plan is stored
 * in it and its order page opens.
 *
 * The session calls load on demand (order-session.ts carries the route schemas), so the pricing page,
 * which runs this on a click, ships none of them.
 */

/** The chosen plan, as a pricing page knows it. */
interface ChosenPlan {
  name: string;
  isSubscription: boolean;
}

/** The query a pricing page passes on: the session guid, the price version, the referral type, test mode. */
export interface PricingQuery extends PaymentQuery {
  guid?: string | undefined;
  referralType?: string | undefined;
}

/** Either the sign-in modal opened on the same page (its query), or another page to load. */
export type StartTarget =
  | { kind: 'sign-in'; search: Record<string, string> }
  | { kind: 'page'; href: string };

/** Why a payment start stops: the key of the sign-in modal's alert (auth namespace). */
export type StartRefusal =
  | 'payment.using_term_pass'
  | 'payment.verify_needed_msg'
  | 'payment.start_failed'
  | 'payment.can_not_change_to_lower_plan';

const defined = (values: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/** The payment query (test mode, price version) as the pages' addresses carry it. */
function withPaymentQuery(values: Record<string, string | undefined>, query: PaymentQuery) {
  return new URLSearchParams(defined({ ...values, test: query.test, priceVersion: query.priceVersion }));
}

/** The order page of a plan: subscription or fixed-term by its kind, with the guid. */
export function orderPagePath(
  lang: SiteLanguage,
  plan: Pick<ChosenPlan, 'isSubscription'>,
  guid: string,
  query: PaymentQuery = {},
): string {
  const page = plan.isSubscription ? 'subscription' : 'fixedterm';
  return `/${lang}/payment/order/${page}?${withPaymentQuery({ guid }, query)}`;
}

/**
 * The upgrade order page of a session, naming the plan the customer chose: the page refuses to show
 * another one (an upgrade session priced for another plan is not what was pressed).
 */
export function upgradeOrderPath(
  lang: SiteLanguage,
  guid: string,
  planName: string,
  query: PaymentQuery = {},
) {
  return `/${lang}/payment/upgrade/order/subscription?${withPaymentQuery({ guid, plan: planName }, query)}`;
}

/** A pricing page, with the session when there is one (its start buttons then go straight to the order). */
export function pricingPath(
  lang: SiteLanguage,
  input: { guid?: string | undefined; upgrading: boolean; query?: PaymentQuery },
): string {
  const search = withPaymentQuery({ guid: input.guid }, input.query ?? {}).toString();
  const page = input.upgrading ? 'upgrade/pricepolicy' : 'pricepolicy';
  return `/${lang}/payment/${page}${search ? `?${search}` : ''}`;
}

/**
 * The start button of a pricing page. Without a session guid: the payment-start sign-in on the same
 * page, with the plan (the price version and test mode stay in the query). With one: the plan is
 * stored in the session (the plan-change recompute), then its order page opens, the upgrade order
 * page when upgrading. If storing fails (a lapsed session, say), the order page is still the place to
 * go: it shows the session's problem.
 */
export async function startFromPricing(
  plan: ChosenPlan,
  input: { lang: SiteLanguage; query: PricingQuery; upgrading: boolean },
): Promise<StartTarget> {
  const { guid, ...rest } = input.query;
  if (!guid) {
    return {
      kind: 'sign-in',
      search: { ...defined(rest), open: 'signIn', purpose: 'payment', plan: plan.name },
    };
  }
  const order = (chosen: ChosenPlan): StartTarget => ({
    kind: 'page',
    href: input.upgrading
      ? upgradeOrderPath(input.lang, guid, chosen.name, input.query)
      : orderPagePath(input.lang, chosen, guid, input.query),
  });
  try {
    const { choosePlan, isTestQuery } = await import('./order-session.ts');
    const sessionInfo = await choosePlan({ guid, planName: plan.name, isTest: isTestQuery(input.query) });
    return order(sessionInfo.planPriceInfo);
  } catch {
    return order(plan);
  }
}

/**
 * After the payment-start sign-in (section 4): a payment session for the account, and the order page
 * of the chosen plan (the pricing page with the session when none was chosen). An account holding a
 * subscription upgrades instead: the upgrade order page of the chosen plan when the current plan may go
 * to it, else the upgrade pricing page, where the plans it cannot go to are disabled with their reason.
 * A pass holder, an unverified account and a plan with nothing above it are stopped with their alert.
 */
export async function startAfterSignIn(input: {
  idToken: string;
  lang: SiteLanguage;
  planName: string | undefined;
  query: PaymentQuery;
}): Promise<{ kind: 'page'; href: string } | { kind: 'refused'; reason: StartRefusal }> {
  const { createPaymentSession, openUpgradeSession } = await import('./order-session.ts');
  const { lang, planName, query } = input;
  try {
    const { guid, sessionInfo } = await createPaymentSession(input);
    const href = planName
      ? orderPagePath(lang, sessionInfo.planPriceInfo, guid, query)
      : pricingPath(lang, { guid, upgrading: false, query });
    return { kind: 'page', href };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal !== 'upgrade') return { kind: 'refused', reason: refusal };
  }
  try {
    const { guid, sessionInfo } = await openUpgradeSession(input);
    // The server opens the session on the chosen plan when the current one may go to it.
    const href =
      planName && sessionInfo.planPriceInfo.name === planName
        ? upgradeOrderPath(lang, guid, planName, query)
        : pricingPath(lang, { guid, upgrading: true, query });
    return { kind: 'page', href };
  } catch (error) {
    const blocked = error instanceof ApiError && error.serverCode === 'UPGRADE_NOT_ALLOWED';
    const refusal = refusalOf(error);
    return {
      kind: 'refused',
      reason: blocked || refusal === 'upgrade' ? 'payment.can_not_change_to_lower_plan' : refusal,
    };
  }
}

/** Why a session could not be opened: a subscriber upgrades; a pass holder and an unverified account stop. */
function refusalOf(error: unknown): 'upgrade' | StartRefusal {
  if (error instanceof ApiError && error.serverCode === 'USER_ALREADY_SUBSCRIBED') {
    return error.details.isSubscription ? 'upgrade' : 'payment.using_term_pass';
  }
  if (error instanceof ApiError && error.serverCode === 'USER_VERIFICATION_NEEDED')
    return 'payment.verify_needed_msg';
  return 'payment.start_failed';
}
