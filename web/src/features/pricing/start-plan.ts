import type { SiteLanguage } from '../../../../shared/languages.ts';
import { funnel } from '../../lib/analytics/index.ts';
import type { PlanDisplay } from './plan-display.ts';

/** The pricing pages' query: the payment session, the price version and referral, test mode, and the sign-in modal's. */
const PRICING_QUERY = ['guid', 'priceVersion', 'referralType', 'test', 'open', 'plan'] as const;
export type PricingSearch = Partial<Record<(typeof PRICING_QUERY)[number], string>>;

/**
 * Reads the pricing query, keeping only its text values. A plain function rather than a schema: it
 * runs in the route tree, which every page loads, and must not bring a schema library with it.
 */
export function pricingSearch(search: Record<string, unknown>): PricingSearch {
  return Object.fromEntries(
    PRICING_QUERY.filter((name) => typeof search[name] === 'string').map((name) => [
      name,
      search[name] as string,
    ]),
  );
}

/** Where the start button of a plan leads (section 2): sign-in without a session, else the order page. */
export type StartTarget = { kind: 'sign-in'; search: PricingSearch } | { kind: 'order'; href: string };

export function startTarget(
  plan: Pick<PlanDisplay, 'planPriceInfo'>,
  context: { lang: SiteLanguage; search: PricingSearch; upgrading: boolean },
): StartTarget {
  const { guid, priceVersion, test } = context.search;
  const planName = plan.planPriceInfo.name;
  if (!guid) {
    const search: PricingSearch = { ...context.search, open: 'signIn', plan: planName };
    return { kind: 'sign-in', search };
  }
  const page = context.upgrading
    ? 'upgrade/order/subscription'
    : plan.planPriceInfo.isSubscription
      ? 'order/subscription'
      : 'order/fixedterm';
  const query = new URLSearchParams({ guid, plan: planName });
  if (test) query.set('test', test);
  if (priceVersion) query.set('priceVersion', priceVersion);
  return { kind: 'order', href: `/${context.lang}/payment/${page}?${query}` };
}

/**
 * Runs the start button: records the funnel stage and, with a session, asks the server to store the
 * chosen plan in it (the plan-change recompute) and goes to the order page of the recomputed session.
 * The order code loads on the click, so the pricing page ships none of it. The upgrade order page reads
 * the session itself. If the recompute fails (an expired session, say), the order page is still the
 * place to go: it shows the session's problem.
 */
export async function startPlan(
  plan: Pick<PlanDisplay, 'planPriceInfo'>,
  context: { lang: SiteLanguage; search: PricingSearch; upgrading: boolean },
): Promise<StartTarget> {
  const target = startTarget(plan, context);
  if (target.kind === 'sign-in') {
    funnel().set('PaymentSignInModalOpened');
    return target;
  }
  const { guid, test, priceVersion } = context.search;
  if (context.upgrading || !guid) return target;
  try {
    const { choosePlan, isTestQuery, orderPagePath } = await import('../../lib/order-session.ts');
    const query = { test, priceVersion };
    const sessionInfo = await choosePlan({
      guid,
      planName: plan.planPriceInfo.name,
      isTest: isTestQuery(query),
    });
    return { kind: 'order', href: orderPagePath(context.lang, sessionInfo, query) };
  } catch {
    return target;
  }
}
