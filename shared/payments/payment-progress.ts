import type { Currency } from '../currency.ts';
import type { SiteLanguage } from '../languages.ts';
import { periodOfPlanName } from '../plans/custom-plan-rules.ts';
import { isSubscriptionPeriod } from '../plans/plan-types.ts';

/**
 * The console's payment progress (admin-console.md sections 2 and 3): the order link an operator sends
 * a customer, and when a row may be cloned into a new one.
 */
export const ORDER_LINK_STATUSES = ['init_custom', 'init_custom_upgrade'] as const;

/** Rows an operator opened (init_custom, init_custom_upgrade) have an order link; a customer's own do not. */
export function hasOrderLink(createdStatus: string): boolean {
  return (ORDER_LINK_STATUSES as readonly string[]).includes(createdStatus);
}

/** The order page's language follows the currency: KRW Korean, JPY Japanese, otherwise English. */
export function orderLinkLanguage(currency: Currency): SiteLanguage {
  if (currency === 'KRW') return 'ko';
  if (currency === 'JPY') return 'ja';
  return 'en';
}

/** The release level; every other stage (local, dev, any staging) is a test level. */
export const RELEASE_STAGE = 'release';

/**
 * The order link of an operator's payment session: the order page of the plan's kind (subscription
 * for MR and YR names, fixed-term otherwise) with the guid, and test=1 on every level but release so
 * that nobody pays real money there.
 */
export function orderLink(input: {
  siteUrl: string;
  stage: string;
  guid: string;
  planName: string;
  currency: Currency;
}): string {
  const period = periodOfPlanName(input.planName);
  const page = period && isSubscriptionPeriod(period) ? 'subscription' : 'fixedterm';
  const search = new URLSearchParams({ guid: input.guid });
  if (input.stage !== RELEASE_STAGE) search.set('test', '1');
  const base = input.siteUrl.replace(/\/$/, '');
  return `${base}/${orderLinkLanguage(input.currency)}/payment/order/${page}?${search}`;
}

/** A row can be cloned into the create form when it has something to copy. */
export function canClone(row: {
  planName?: string | undefined;
  currency?: string | undefined;
  desc?: string | undefined;
}) {
  return Boolean(row.planName || row.currency || row.desc);
}
