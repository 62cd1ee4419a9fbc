import type { QueryClient } from '@tanstack/react-query';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { ApiError } from './api-client.ts';
import { isTestQuery, orderPageKey, type PaymentQuery, paymentSessionKey } from './payment-cache.ts';
import { currentSiteSession, type SiteSession, signOutOfSite } from './session-refresh.ts';

/**
 * Where a payment start leads (site-and-payments.md sections 2 and 4), decided here and nowhere else:
 * the pricing page's start button, the payment-start sign-in and the result pages' way back all ask
 * this module. A visitor who is not signed in signs in first (the payment-start variant of the modal,
 * carrying the plan); a visitor already signed in starts with the session they have. Then a new customer
 * goes to the order page of the chosen plan, a subscriber to the upgrade pages, and a pass holder, an
 * unverified account and a partner's account are stopped; with a payment session the chosen plan is stored
 * in it and its order page opens.
 *
 * The flow stays in the app (issue 36): what the start was answered is left in the query cache
 * (payment-cache.ts) for the page it leads to, which the caller opens by the router, so that page reads
 * nothing again. The session calls load on demand (order-session.ts carries the route schemas), so the
 * pricing page, which runs this on a click, ships none of them.
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

/** Why a payment start stops: the key of its alert (auth namespace). */
export type StartRefusal =
  | 'payment.using_term_pass'
  | 'payment.verify_needed_msg'
  | 'payment.start_failed'
  | 'payment.can_not_change_to_lower_plan'
  | 'payment.referral_user_login';

/** Another page of the app to open (by the router: the query cache holds what it shows), or the refusal. */
export type StartOutcome = { kind: 'page'; href: string } | { kind: 'refused'; reason: StartRefusal };

/** The sign-in modal opened on the same page (its query), or where the start leads. */
export type StartTarget = { kind: 'sign-in'; search: Record<string, string> } | StartOutcome;

/** Partner referral accounts buy through their partner, not through the site's payment flow (section 6). */
export const buysThroughPartner = (user: SiteSession['user']) =>
  Boolean(user.referralType && user.referralType !== 'affiliate');

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
 * The start button of a pricing page. Without a payment session guid: a visitor already signed in starts
 * at once (the checks of the payment-start sign-in apply to their account), any other visitor gets the
 * payment-start sign-in on the same page, with the plan (the price version and test mode stay in the
 * query). With a guid: the plan is stored in the session (the plan-change recompute), then its order page
 * opens, the upgrade order page when upgrading. If storing fails (a lapsed session, say), the order page is
 * still the place to go: it shows the session's problem.
 */
export async function startFromPricing(
  plan: ChosenPlan,
  input: { lang: SiteLanguage; query: PricingQuery; upgrading: boolean; cache: QueryClient },
): Promise<StartTarget> {
  const { guid, ...rest } = input.query;
  if (!guid) {
    const signedIn = await currentSiteSession(input.lang);
    if (!signedIn) {
      return {
        kind: 'sign-in',
        search: { ...defined(rest), open: 'signIn', purpose: 'payment', plan: plan.name },
      };
    }
    return startSignedIn(signedIn, { ...input, planName: plan.name });
  }
  const order = (chosen: ChosenPlan): StartTarget => ({
    kind: 'page',
    href: input.upgrading
      ? upgradeOrderPath(input.lang, guid, chosen.name, input.query)
      : orderPagePath(input.lang, chosen, guid, input.query),
  });
  try {
    const { choosePlan } = await import('./order-session.ts');
    const isTest = isTestQuery(input.query);
    const sessionInfo = await choosePlan({ guid, planName: plan.name, isTest });
    input.cache.setQueryData(paymentSessionKey(guid, isTest), sessionInfo);
    return order(sessionInfo.planPriceInfo);
  } catch {
    return order(plan);
  }
}

/**
 * The payment start of a signed-in account (after the payment-start sign-in, or already signed in): a
 * partner's account is signed out and stopped, as the sign-in's checks stop it; any other starts.
 */
export async function startSignedIn(
  signedIn: Pick<SiteSession, 'idToken' | 'user'>,
  input: { lang: SiteLanguage; planName: string | undefined; query: PaymentQuery; cache: QueryClient },
): Promise<StartOutcome> {
  if (buysThroughPartner(signedIn.user)) {
    await signOutOfSite().catch(() => undefined);
    return { kind: 'refused', reason: 'payment.referral_user_login' };
  }
  return startAfterSignIn({ ...input, idToken: signedIn.idToken });
}

/**
 * The payment start proper (section 4), one call (start-payment): a payment session for the account, and
 * the order page of the chosen plan (the pricing page with the session when none was chosen). An account
 * holding a subscription upgrades instead: the upgrade order page of the chosen plan when the current plan
 * may go to it, else the upgrade pricing page, where the plans it cannot go to are disabled with their
 * reason. A pass holder, an unverified account and a plan with nothing above it are stopped with their
 * alert.
 */
async function startAfterSignIn(input: {
  idToken: string;
  lang: SiteLanguage;
  planName: string | undefined;
  query: PaymentQuery;
  cache: QueryClient;
}): Promise<StartOutcome> {
  const { startPaymentSession } = await import('./order-session.ts');
  const { lang, planName, query, cache } = input;
  const isTest = isTestQuery(query);
  try {
    const started = await startPaymentSession(input);
    const { guid } = started;
    if (started.kind === 'order') {
      const { orderPage } = started;
      cache.setQueryData(orderPageKey(guid, isTest, lang), orderPage);
      const href = planName
        ? orderPagePath(lang, orderPage.sessionInfo.planPriceInfo, guid, query)
        : pricingPath(lang, { guid, upgrading: false, query });
      return { kind: 'page', href };
    }
    const { sessionInfo } = started;
    cache.setQueryData(paymentSessionKey(guid, isTest), sessionInfo);
    // The server opens the session on the chosen plan when the current one may go to it.
    const href =
      planName && sessionInfo.planPriceInfo.name === planName
        ? upgradeOrderPath(lang, guid, planName, query)
        : pricingPath(lang, { guid, upgrading: true, query });
    return { kind: 'page', href };
  } catch (error) {
    return { kind: 'refused', reason: refusalOf(error) };
  }
}

/** Why a start was refused: a pass holder, an unverified account, a plan with nothing above it. */
function refusalOf(error: unknown): StartRefusal {
  if (!(error instanceof ApiError)) return 'payment.start_failed';
  if (error.serverCode === 'USER_ALREADY_SUBSCRIBED') return 'payment.using_term_pass';
  if (error.serverCode === 'USER_VERIFICATION_NEEDED') return 'payment.verify_needed_msg';
  if (error.serverCode === 'UPGRADE_NOT_ALLOWED') return 'payment.can_not_change_to_lower_plan';
  return 'payment.start_failed';
}
